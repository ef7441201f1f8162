"""gazeta: o resultado oficial de concursos públicos como site estático e PDF de diário oficial."""

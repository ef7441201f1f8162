"""The gazette over time: acts (resultado, retificação, convocação…), their archive, events and signatures."""

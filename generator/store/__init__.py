"""Storage: the only writer and reader of `arquivo/` — the archive, manifests, frozen records, signatures and their verification."""

"""Open data: CSV, JSON and XLSX per table, the Frictionless package, its zip and SHA256SUMS."""

"""Statistics: every finished or abandoned game in an SQLite file, and the figures drawn from it."""

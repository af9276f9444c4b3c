"""`python -m patience` runs the command line."""

from patience.cli import main

main()

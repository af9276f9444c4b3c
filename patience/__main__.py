"""`python -m patience` runs the command line."""

from patience.launch import main

main()

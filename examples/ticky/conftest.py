# The fixture `profkit_run` (run a program with a scheme in-process) comes from profkit.
pytest_plugins = ["profkit.testing"]

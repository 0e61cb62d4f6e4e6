# Lets `python -m pytest` find `profkit_ticky` before the package is installed (pytest puts
# this folder on sys.path). The fixtures (`profkit_run`, `profkit_script`) come from profkit
# itself: installing profkit registers `profkit.testing` as a pytest plugin.

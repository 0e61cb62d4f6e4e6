import os

# Reports carry a DATE line; pin it so golden comparisons are byte-exact.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1795000000")

"""``festinger bench``: run the test kit's benchmark cases and format the README's table.

The cases live in the separate ``festinger-testkit`` distribution (``festinger_testkit.bench``),
imported only when the command runs: the runtime wheel carries no benchmark code or data.
"""

"""Pure logic of the concept graph: no I/O, no clocks, no locks (time and data are passed in).

The graph service (festinger/graph/) wires these to Postgres, the journal and the hooks."""

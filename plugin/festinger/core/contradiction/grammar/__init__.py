"""The detector's grammar family: the statement path: the closed grammar that reads a sentence into statements, the values it holds and how two values of one key relate (pure logic).

Modules: statements, grammar, predicates, relations, objects, values, comparison, places, slots, refinement, replacement, may_both_hold, groups, fragments, numbered, closed_values, timezones.
"""

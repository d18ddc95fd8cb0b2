"""The detector's updates family: value updates and corrections read from whole memories: key lines, change verbs, corrections that name the old value, typed values of one anchored slot, role holders (pure logic).

Modules: anchored_phrase, value_updates, slot_change, keyvalue, keyvalue_change, self_correction, named_correction, paraphrase, due_dates, environment_slot, addressing, migration, rescheduled, measures, anchored, typed_values, displaced, held, named_end, named_end_guards, change_gates, person_left, role_holders, frames, amount_as_of, dash_tails, lead_fragments.
"""

"""The detector's events family: life events read per sentence: a move, a job left, a status, a pet, a habit or a state ended, and what beside an event says the fact goes on (pure logic).

Modules: event_context, event_sentences, event_holds, event_statuses, events, residence, jobchange, lifecycle, quitting, possessions, ages, ended_states.
"""

"""The detector's reread family: rules that rewrite one side of a pair and read it again with the grammar (pure logic).

Modules: reread, deictic, frequency, anaphora, verb_frames, rephrase, phrase_negation.
"""

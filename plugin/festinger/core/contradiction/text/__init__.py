"""The detector's text family: reading a memory's text: normalisation, sentences, scopes, subjects, who else is named, what a whole memory says about its sentences, take-backs (pure logic).

Modules: normalise, segment, scope, subject, referents, situation, retraction, told_first, update_markers, unasserted.
"""

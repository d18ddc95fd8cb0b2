-- Saliency moves from log10(encounter_count) to the natural log the concept-graph spec's
-- Test A uses (graph/saliency.py). Re-score what the cache maintained by counting; a higher
-- value set another way (an administrator, a bootstrap) is kept, and common English pinned
-- at 0 stays 0 (only rows already above 0 change).
UPDATE soas SET saliency = GREATEST(saliency, ln(encounter_count::float8))
WHERE saliency > 0 AND encounter_count > 1;

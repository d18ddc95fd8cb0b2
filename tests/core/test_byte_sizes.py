"""One size in two notations is one value (attack70): a Kubernetes suffix ("1Gi", "1024Mi"), a Docker /
JVM letter ("4g", "4096m") and a byte unit ("4 GiB") are read as bytes (grammar/byte_sizes.py); a whole
number of "k" is also read as 1024s ("8192" / "8K"). Written after the fix, not taken from attack70: the
first list fired 8 times of 12 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction

SAME_SIZE = [
    ("The Redis container's memory limit is 768Mi.", "The Redis container's memory limit is 0.75Gi."),
    ("Elasticsearch heap size is 16g.", "Elasticsearch heap size is 16384m."),
    ("The Postgres volume size is 2Ti.", "The Postgres volume size is 2048Gi."),
    ("The JVM flag is -Xmx2g.", "The JVM flag is -Xmx2048m."),
    ("The build agent's memory limit is 3g.", "The build agent's memory limit is 3Gi."),
    ("The cache size is 256Mi.", "The cache size is 262144Ki."),
    ("Our Kafka broker heap is 6G.", "Our Kafka broker heap is 6144M."),
    ("The node's ephemeral storage is 100Gi.", "The node's ephemeral storage is 102400Mi."),
    ("The sidecar memory request is 64Mi.", "The sidecar memory request is 0.0625Gi."),
    ("User's staging DB volume is 1.5Ti.", "User's staging DB volume is 1536Gi."),
    ("The socket buffer size is 4096.", "The socket buffer size is 4K."),
    ("The LLM context length is 8192 tokens.", "The LLM context length is 8k tokens."),
]

STILL_NEWS = [
    ("The memory limit is 512Mi.", "The memory limit is now 1Gi."),
    ("The JVM heap is 4g.", "The JVM heap is now 8g."),
    ("The memory limit is 512Mi.", "The memory limit is 2 GiB now."),
    ("The CPU limit is 500m.", "The CPU limit is now 1000m."),
    ("The Docker memory limit is 2g.", "The Docker memory limit is now 4096m."),
    ("The buffer size is 4K.", "The buffer size is now 8K."),
]


@pytest.mark.parametrize("existing,incoming", SAME_SIZE)
def test_one_size_in_two_notations_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_NEWS)
def test_another_size_is_still_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None

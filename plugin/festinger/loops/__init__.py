"""The loop guard's runtime side: sessions per agent per chat, the event log, statistics."""

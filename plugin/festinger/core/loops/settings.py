"""Loop-guard settings as a plain dataclass (the core never reads the config file itself)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LoopSettings:
    enabled: bool = True
    history_size: int = 200            # actions kept per session
    repeat_count: int = 3              # identical/near-identical actions in a row that make a loop
    similarity: float = 92.0           # rapidfuzz ratio (0-100) for near-repeat keys and results
    max_cycle_length: int = 3          # A B A B (2) and A B C A B C (3)
    stagnation_count: int = 3          # same result or error this many times in a row
    backoff_growth: float = 1.6        # a number growing by this factor each call is a deliberate backoff
    backoff_max_polls: int = 8         # ... but only this many polls in a row are exempt
    inject_forbidden: bool = True      # (a) forbidden-action note in the next prompt
    temperature_boost: float = 0.4     # (b) added to the chat model's temperature; 0 = off
    temperature_cap: float = 1.3
    temperature_boost_calls: int = 2   # model calls the boost lasts after each detection
    truncate_history: bool = True      # (c) collapse repeated exchanges in what the model is sent
    circuit_breaker: bool = True       # (d) end the monologue ...
    breaker_after: int = 3             # ... after this many mitigated repeats

    @classmethod
    def from_config(cls, config: Any) -> "LoopSettings":
        """Build from an object with the ``loop_*`` attributes (FestingerConfig)."""
        return cls(
            enabled=bool(config.loop_detection_enabled),
            history_size=int(config.loop_history_size),
            repeat_count=int(config.loop_repeat_count),
            similarity=float(config.loop_similarity_threshold),
            max_cycle_length=int(config.loop_max_cycle_length),
            stagnation_count=int(config.loop_stagnation_count),
            backoff_growth=float(config.loop_backoff_growth),
            backoff_max_polls=int(config.loop_backoff_max_polls),
            inject_forbidden=bool(config.loop_inject_forbidden),
            temperature_boost=float(config.loop_temperature_boost),
            temperature_cap=float(config.loop_temperature_cap),
            temperature_boost_calls=int(config.loop_temperature_boost_calls),
            truncate_history=bool(config.loop_truncate_history),
            circuit_breaker=bool(config.loop_circuit_breaker),
            breaker_after=int(config.loop_breaker_after),
        )

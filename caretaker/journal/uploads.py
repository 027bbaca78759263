"""What an audio upload must look like: a declared audio type, a known container's
signature in its first bytes, and a bounded size."""

AUDIO_TYPES = (
    "audio/webm",
    "audio/ogg",
    "audio/mp4",
    "audio/wav",
    "audio/x-wav",
    "audio/mpeg",
    "audio/aac",
    "video/webm",
    "audio/wave",
)
MAX_AUDIO_BYTES = 10 * 1024 * 1024


def audio_container(head: bytes) -> str | None:
    """The container the first bytes announce (WebM, Ogg, WAV, MP4, MP3, AAC), or
    None: a file with a declared audio type but other content is refused."""
    if head.startswith(b"\x1a\x45\xdf\xa3"):
        return "webm"
    if head.startswith(b"OggS"):
        return "ogg"
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        return "wav"
    if head[4:8] == b"ftyp":
        return "mp4"
    if head.startswith(b"ID3") or head[:2] in (b"\xff\xfb", b"\xff\xf3", b"\xff\xf2"):
        return "mp3"
    if head[:2] in (b"\xff\xf1", b"\xff\xf9"):
        return "aac"
    return None


# The type a stored recording is served with, by the container its name ends in
# (stored as ``<client id>.<container>``, the container read from its bytes).
CONTAINER_TYPES = {
    "webm": "audio/webm",
    "ogg": "audio/ogg",
    "wav": "audio/wav",
    "mp4": "audio/mp4",
    "mp3": "audio/mpeg",
    "aac": "audio/aac",
}


def stored_audio_type(name: str) -> str:
    """The content type of a stored recording called ``name``."""
    container = name.rsplit(".", 1)[-1].lower()
    return CONTAINER_TYPES.get(container, "application/octet-stream")

"""Spoken numbers to digits, keeping a map from the digits back to the nurse's words.

The text is folded first (``glyphs.fold``: NFKC and Latin look-alikes), so that
every reader of the guide sees plain Latin letters and ASCII digits; the map leads
back through both steps to the text as it was typed.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from decimal import Decimal

from text_to_num import alpha2digit

from logic.extraction.glyphs import Run, fold

_UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
# "nought" and "naught": zero as much of the English-speaking world says it
_NUMBER_WORDS = frozenset([*_UNITS, *_TENS, "hundred", "thousand", "nought", "naught"])
# Words and written numbers: a transcript mixes them ("100 and 4", "38 point 4").
_WORD = re.compile(r"[A-Za-z]+|\d+(?:\.\d+)?")
_NUMERAL = re.compile(r"\d+(?:\.\d+)?")
_POINT = re.compile(r"^(\d+) (?:point|dot) (\d+)$")
_HUNDRED_AND = re.compile(r"^([1-9]00),? and (\d{1,2}(?:\.\d+)?)$")
# Not "120's" (a decade: "in the 120's"), which the recogniser writes for "one
# twenties".
_DIGITS = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?(?![A-Za-z\d]|'s\b)")
_SPACED_POINT = re.compile(r" +\. +")
# "one twenties", "the nineties", "high teens", "low hundreds", "120s".
_DECADE_AFTER = re.compile(
    r"(?:[ -]+(?:and[ -]+)?(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|"
    r"nineties|teens|hundreds)|'?s)\b",
    re.IGNORECASE,
)
_PAIR = re.compile(r"^([1-9]) ([2-9]0|[1-9][0-9])$")
# A whole number that already has its units (21 to 99 but the tens, or 11 to 19),
# then one digit: "38 6" from "thirty eight six".
_TENTHS = re.compile(r"^(1[1-9]|[2-9][1-9]) ([0-9])$")
# "one oh four": digits said one by one, "oh" for zero.
_DIGIT_WORDS = {**{w: str(i) for i, w in enumerate(_UNITS[:10])}, "oh": "0"}
# "HR64", "BM7.2": a type word and its value written together.
# "2L", "15lpm": an oxygen flow written against its number.
_LITRES = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(L|l|lpm|LPM|L/min|l/min)(?![\w/])")
# "over eight seven": two digits said one by one after "over".
_DIGIT_ALTERNATIVES = "|".join(_DIGIT_WORDS)
_OVER_DIGITS = re.compile(
    rf"(?<=\bover\s)({_DIGIT_ALTERNATIVES})\s+({_DIGIT_ALTERNATIVES})\b"
    rf"(?!\s+(?:point|{_DIGIT_ALTERNATIVES})\b)",
    re.I,
)
# A vital sign's unit written against its number: "140/90mmHg", "pulse 88b/m",
# "resp 20c/m", "HR 72bpm", "RBS 9.8mmol/L".
_VITAL_UNIT_GLUED = re.compile(
    r"(?<![\w.])(\d{1,3}(?:\.\d+)?)(mmhg|bpm|b/m|c/m|(?:beats|breaths|br|b|c)/min|"
    r"mmol/l|mmol|mg/dl)(?![\w/])",
    re.I,
)
# "98.4F", "37.2°C": a temperature written against its scale's letter.
_DEGREES_GLUED = re.compile(r"(?<![\w.])(\d{2,3}(?:\.\d+)?)(°?[FC])(?![\w])")
# "V/S: 97.8-76-18-132/68": a US chart's vital-sign string, temperature, pulse,
# respirations and pressure in that order, each with its type's word put back.
_TPR_BP_STRING = re.compile(
    r"(?<![\w.-])(\d{2,3}\.\d)-(\d{2,3})-(\d{1,2})-(\d{2,3}/\d{2,3})(?![\w./-])"
)
# "oh-three-hundred", "oh three fifteen": a time of day said as the 24-hour clock
# reads, its hour's zero first.
_SPOKEN_CLOCK = re.compile(
    r"\b(?:oh|zero)[\s-]+(one|two|three|four|five|six|seven|eight|nine)[\s-]+"
    r"(hundred|(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
    r"eighteen|nineteen|twenty|thirty|forty|fifty)"
    r"(?:[\s-]+(?:one|two|three|four|five|six|seven|eight|nine)\b)?)(?:\s+hours)?\b",
    re.I,
)
# "one twenty-eight ower seventy-four": "over" as Scots says it.
_OWER = re.compile(r"\bower\b", re.I)
# "HR64", "BP-104": a type word and its value written together.
_GLUED = re.compile(r"(?<![\w.])([A-Za-z]+)-?(\d+(?:\.\d+)?)(?![\w])")


@dataclass(frozen=True)
class NumberToken:
    """A number said in the utterance, with its span in the normalized text."""

    value: Decimal
    start: int
    end: int


@dataclass(frozen=True)
class Normalized:
    """The utterance folded, with number words turned into digits, and the way back.

    ``runs`` holds ``(normalized_start, normalized_end, original_start, original_end)``
    for every replaced run of number words and every folded stretch whose length
    changed ("…" is "..."), in order.
    """

    original: str
    text: str
    runs: tuple[Run, ...]

    def original_offset(self, position: int, *, end: bool = False) -> int:
        """Offset into the original text of ``position`` in the normalized text."""
        index = bisect_right([r[0] for r in self.runs], position) - 1
        if index < 0:
            return position
        n_start, n_end, o_start, o_end = self.runs[index]
        if position < n_end or (end and position == n_end):
            return o_end if end else o_start
        return position - n_end + o_end

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the normalized span ``[start, end)``."""
        return self.original_offset(start), self.original_offset(end, end=True)


def _is_number(word: str) -> bool:
    return word in _NUMBER_WORDS or bool(_NUMERAL.fullmatch(word))


def _run_value(words: str) -> str:
    """Digits for one run of number words; "one thirty" is 130 as nurses say it.
    Whisper writes some spoken numbers half in digits: "100 and 4" is 104 and
    "38 point 4" is 38.4 (read as 100 and 38.0 they would be wrong facts).
    Recognisers write a spoken decimal point as a spaced full stop ("ninety eight .
    six"): it is a point between two numbers."""
    words = _SPACED_POINT.sub(" point ", words)
    words = re.sub(r"\b(?:nought|naught)\b", "zero", words, flags=re.I)
    words = re.sub(r"\bcomma\b", "point", words, flags=re.I)
    spoken = words.lower().split()
    if "point" in spoken:
        decimal = _decimal_value(spoken)
        if decimal is not None:
            return decimal
    # ("pulse rate eight zero": two digits, the last a zero)
    if ("oh" in spoken or len(spoken) >= 3 or spoken[-1:] == ["zero"]) and all(
        w in _DIGIT_WORDS for w in spoken
    ):
        # "one oh four", "one four one": digits said one by one
        return "".join(_DIGIT_WORDS[w] for w in spoken)
    # "one-one-two", "seven-four": digits said one by one, joined by hyphens.
    hyphened = words.lower().split("-")
    if len(hyphened) >= 2 and all(w.strip() in _DIGIT_WORDS for w in hyphened):
        return "".join(_DIGIT_WORDS[w.strip()] for w in hyphened)
    # "one-ten", "one-forty-two": hyphens join a number said in parts as much as
    # "ninety-eight"; read as spaces, the parts are read as nurses say them.
    converted = alpha2digit(words.replace("-", " "), "en", threshold=0).strip()
    if pair := _PAIR.match(converted):
        return str(int(pair.group(1)) * 100 + int(pair.group(2)))
    if (tenths := _TENTHS.match(converted)) and not _NUMERAL.search(words):
        # "thirty eight six", "eleven two": a decimal said without its point, as
        # ward staff read a thermometer or a meter (said in words only).
        return f"{tenths.group(1)}.{tenths.group(2)}"
    if point := _POINT.match(converted):
        return f"{point.group(1)}.{point.group(2)}"
    if hundred := _HUNDRED_AND.match(converted):
        return str(int(hundred.group(1)) + Decimal(hundred.group(2)))
    return str(converted)


def _decimal_value(spoken: list[str]) -> str | None:
    """ "ninety eight point six", "one oh four point two", "38 point 4": the whole
    part read as a run of its own, then the digits after the point one by one (a
    nurse says "point one five", never "point fifteen"); None for other shapes."""
    point = spoken.index("point")
    whole, fraction = spoken[:point], spoken[point + 1 :]
    if not whole or not fraction or "point" in fraction:
        return None
    if len(fraction) == 1 and fraction[0].isdigit():
        digits = fraction[0]
    elif all(w in _DIGIT_WORDS or (w.isdigit() and len(w) == 1) for w in fraction):
        digits = "".join(_DIGIT_WORDS.get(w, w) for w in fraction)
    else:
        return None
    integer = _run_value(" ".join(whole))
    return f"{integer}.{digits}" if integer.isdigit() else None


def _decade_follows(text: str, end: int) -> bool:
    """Whether a decade or a plural of hundreds follows ``end`` ("one twenties",
    "the 120s"): the words give a range, never a value."""
    return _DECADE_AFTER.match(text, end) is not None


# A decimal comma: digits, a comma and one digit, no space ("38,6"; not "88,92").
_DECIMAL_COMMA = re.compile(r"(?<![\d.])(?<!\d,)(\d{1,3}),(\d)(?!\d|,\d)")
# "100 and 1.5", "200 and 20": digits of one spoken number a recogniser split.
_HUNDRED_AND_DIGITS = re.compile(
    r"(?<![\d.])([1-9])00,?\s+and\s+(\d{1,2}(?:\.\d+)?)(?![\d.])"
)
# "one of those", "the last one", "no one": the pronoun, not the number.
_ONE_PRONOUN = re.compile(
    r"(?:\b(?:no|the|this|that|which|each|every|any|another|last|latest|new|other|"
    r"first|second|third|next|someone|some|bad|good|big|small|get|got|have|had|take|took|"
    r"need|do|did|"
    r"check|put|give|given|gave|want|wanted|"
    r"needed|left|right|same|old|main|only|little|usual|ear|forehead|wrist|arm|tympanic|"
    r"finger|"
    r"middle|happy|sad|digital|manual|electronic|blue|red|green|white|yellow|black|"
    r"grey|gray)\s+one\b"
    r"|\bone\s+(?:of|another)\b|\bone[\s-]+off\b"
    # "the six o'clock one was 9.8", "the 0600 one": a reading named by its time
    r"|\b(?:o'clock|o\s+clock|am|pm|morning|evening|afternoon|night|lunchtime|lunch|"
    r"teatime|bedtime|midnight|noon|breakfast|dinner|supper)\s+one\b"
    r"|\b\d{3,4}\s+one\b|\d(?:am|pm)\s+one\b)",
    re.I,
)


_HUNDREDS = re.compile(r"hundred|thousand|[1-9]0{2,3}", re.I)
# "SpO 2", "o two sats", "FiO 2", "CO 2": a gas's subscript said or written apart
# from its letters, which would otherwise join the reading ("spo two 95" is no 295).
_SUBSCRIPT_TWO = re.compile(
    r"(?<![\w.])((?:sp|sa|fi|pa|pc|etc|c)?o)[ -](?:2|two)(?![\w.])", re.I
)
# "hes ninety four", "shes alert": a recogniser's contraction written without its
# apostrophe, where the bare word is no other word ("its", "ill", "im", "lets",
# "wont" and "id" are).
_BARE_CONTRACTION = re.compile(
    r"\b(?:(he|she|you|they|that|what|there|where|how)(s|re)|(i|you|we|they)(ve)|"
    r"(is|was|do|did|does|ca|could|would|should|have|has|are|were)(nt))\b",
    re.I,
)
# "B.M.", "H.R.", "R.R.": an initialism written with stops, which are no sentence's end.
_INITIALISM = re.compile(r"(?<![\w.])(?:[A-Za-z]\.){1,3}[A-Za-z]\.?(?![\w])")
_SUBSCRIPT_BEFORE = re.compile(r"(?<![\w.])(?:sp|sa|fi|pa|pc|etc|c)?o[ -]$", re.I)


def _word_runs(text: str) -> list[tuple[int, int]]:
    """Spans of consecutive number words ("thirty eight point two", "one hundred and
    twelve"); "point" and "and" join only between number words."""
    runs: list[tuple[int, int]] = []
    words = [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    index = 0
    while index < len(words):
        word, start, end = words[index]
        # The 2 of "SpO2" is part of a word, not a number.
        glued = (start > 0 and text[start - 1].isalpha()) or (
            word in ("2", "two") and _SUBSCRIPT_BEFORE.search(text[:start]) is not None
        )
        if not _is_number(word) or glued:
            index += 1
            continue
        last = index
        probe = index + 1
        while probe < len(words):
            gap = text[words[probe - 1][2] : words[probe][1]]
            name = words[probe][0]
            # "100, and 4": Whisper's comma inside one spoken number.
            hundred_comma = (
                gap.strip() == ","
                and name == "and"
                and (
                    words[probe - 1][0] == "hundred"
                    or re.fullmatch(r"[1-9]00", words[probe - 1][0]) is not None
                )
            )
            # "ninety eight . six": a recogniser's spoken point, spaced.
            spaced_point = (
                _SPACED_POINT.fullmatch(gap) is not None
                and _is_number(name)
                and "point" not in [w[0] for w in words[index:probe]]
            )
            if (
                gap.strip(" -") and not hundred_comma and not spaced_point
            ) or "\n" in gap:
                break
            if _is_number(name):
                last = probe
            elif _homophone_digit(words, probe, text):
                # "heart rate eighty for bp ...": a recogniser's "eighty-four"
                last = probe
                break
            elif (
                name in ("point", "dot", "comma")
                and probe + 1 < len(words)
                and words[probe + 1][0] in _DIGIT_WORDS
                and (
                    name != "comma"
                    or probe + 2 >= len(words)
                    or not _is_number(words[probe + 2][0])
                )
            ):
                # "thirty-seven point oh", "thirty-seven comma nine": a decimal
                # said with "oh" for nought, or with the comma much of the world
                # writes.
                last = probe + 1
                probe += 2
                continue
            elif (
                name not in ("point", "dot", "and", "oh")
                or probe + 1 >= len(words)
                or not _is_number(words[probe + 1][0])
                # "and" joins a hundred and its rest ("a hundred and four"), not
                # two numbers ("eighty eight and ninety two").
                or (name == "and" and not _HUNDREDS.fullmatch(words[probe - 1][0]))
            ):
                break
            probe += 1
        pronoun = (
            last == index
            and word == "one"
            and _ONE_PRONOUN.search(text[max(0, start - 12) : words[last][2] + 4])
        )
        if not _decade_follows(text, words[last][2]) and not pronoun:
            runs.append((start, words[last][2]))
        index = last + 1
    return runs


# Words a recogniser writes for a digit said after a tens word ("ninety ate").
_HOMOPHONES = {"for": "four", "ate": "eight"}
# What may follow a digit heard as its homophone in a list of readings: the next
# reading's word, its unit, or nothing ("heart rate eighty for bp ...", "sats ninety
# ate on room air"); anything else ("ninety for most of the night") keeps the word.
_AFTER_A_READING = frozenset(
    re.findall(
        r"\S+",
        """bp blood pressure pulse hr heart rate resps rr resp respiratory sats sat spo2
        o2 temp temperature t p bm bgl sugar glucose on and over percent bpm pain gcs
        alert""",
    )
)


def _homophone_digit(words: list[tuple[str, int, int]], index: int, text: str) -> bool:
    """Whether ``words[index]`` is a digit written as its homophone right after a
    tens word ("eighty for", "ninety ate") in a list of readings: before the next
    reading's word or the end of its line, not the preposition "for"."""
    name = words[index][0]
    if name not in _HOMOPHONES or words[index - 1][0] not in _TENS:
        return False
    if index + 1 == len(words) or "\n" in text[words[index][2] : words[index + 1][1]]:
        return True
    return words[index + 1][0] in _AFTER_A_READING


def _edits(
    text: str, glued: frozenset[str], units: frozenset[str] = frozenset()
) -> list[tuple[int, int, str]]:
    """Replacements in ``text``: runs of number words by digits, an initialism
    written with stops by its letters ("B.M." by "BM"), a gas said apart
    from its subscript ("SpO 2") by the two together, a glued type word
    and value ("HR64") by the two apart ("HR 64"), "2L" by "2 litres" and a value
    written against its unit ("200mL") by the two apart."""
    edits = []
    for match in _SPOKEN_CLOCK.finditer(text):
        hour = _run_value(match.group(1))
        minutes = (
            0 if match.group(2).lower() == "hundred" else _run_value(match.group(2))
        )
        edits.append((match.start(), match.end(), f"0{hour}{int(minutes):02d}"))
    for start, end in _word_runs(text):
        words = text[start:end]
        if _NUMERAL.fullmatch(words):
            continue  # already digits
        digits = _run_value(
            re.sub(
                r"\b(?:for|ate)\b",
                lambda m: _HOMOPHONES[m.group().lower()],
                words,
                flags=re.I,
            )
        )
        if re.fullmatch(r"\d+(\.\d+)?", digits):
            edits.append((start, end, digits))
    for match in _INITIALISM.finditer(text):
        # "B.M. of 4.1", "H.R. 80": the letters, and a stop only where a sentence ends.
        letters = match.group().replace(".", "")
        ends = re.match(r"\s*(?:[A-Z]|$)", text[match.end() :]) is not None
        edits.append((match.start(), match.end(), letters + ("." if ends else "")))
    for match in _SUBSCRIPT_TWO.finditer(text):
        edits.append((match.start(), match.end(), f"{match.group(1)}2"))
    for match in _GLUED.finditer(text):
        if match.group(1).lower() in glued:
            edits.append((match.start(), match.end(), " ".join(match.groups())))
    for match in _unit_glued(units).finditer(text):
        edits.append((match.start(), match.end(), " ".join(match.groups())))
    for match in _article_unit(units).finditer(text):
        # "a litre", "half a litre": the article is the amount.
        amount = "0.5" if match.group(1) else "1"
        edits.append((match.start(), match.start(3), f"{amount} "))
    for match in _DECIMAL_COMMA.finditer(text):
        # "38,6", "BSL 6,4": a decimal written with a comma, as much of the world
        # writes it; a whole-number reading said so is then out of its steps.
        edits.append((match.start(), match.end(), f"{match.group(1)}.{match.group(2)}"))
    for match in _HUNDRED_AND_DIGITS.finditer(text):
        # "100 and 1.5": a recogniser's "one hundred and one point five".
        whole = int(match.group(1)) * 100 + Decimal(match.group(2))
        edits.append((match.start(), match.end(), str(whole)))
    for match in _OVER_DIGITS.finditer(text):
        # "one four one over eight seven": the second of a pair, digit by digit
        digits = "".join(_DIGIT_WORDS[w.lower()] for w in match.group(1, 2))
        edits.append((match.start(1), match.end(2), digits))
    for match in _VITAL_UNIT_GLUED.finditer(text):
        edits.append((match.start(), match.end(), " ".join(match.groups())))
    for match in _DEGREES_GLUED.finditer(text):
        # "T 98.4F": a temperature written against its scale
        edits.append((match.start(), match.end(), f"{match.group(1)} {match.group(2)}"))
    for match in _BARE_CONTRACTION.finditer(text):
        stem, ending = next(
            (match.group(i), match.group(i + 1))
            for i in (1, 3, 5)
            if match.group(i) is not None
        )
        if (ending.lower() == "re") != (stem.lower() in ("you", "they")):
            continue  # "youre", "theyre"; never "thatre" nor "yous"
        said = "n't" if ending.lower() == "nt" else f"'{ending}"
        edits.append((match.start(), match.end(), stem + said))
    for match in _OWER.finditer(text):
        edits.append((match.start(), match.end(), "over"))  # Scots "ower"
    for match in _TPR_BP_STRING.finditer(text):
        temp, pulse, resps, pressure = match.groups()
        said = f"temp {temp}, pulse {pulse}, resps {resps}, BP {pressure}"
        edits.append((match.start(), match.end(), said))
    for match in _LITRES.finditer(text):
        per_minute = match.group(2).lower() != "l"
        said = f"{match.group(1)} litres" + (" per minute" if per_minute else "")
        edits.append((match.start(), match.end(), said))
    return sorted(edits)


def _unit_words(units: frozenset[str], shortest: int) -> str | None:
    """The words of ``units`` (letters only, ``shortest`` or longer), longest first,
    as regular-expression alternatives; None when there are none."""
    words = sorted(
        (u for u in units if u.isalpha() and len(u) >= shortest), key=len, reverse=True
    )
    return "|".join(map(re.escape, words)) or None


def _unit_glued(units: frozenset[str]) -> re.Pattern[str]:
    """ "200mL", "72kg": a number and one of ``units`` (letters) written together.
    One letter ("2L") is left to _LITRES, which says what it means."""
    alternatives = _unit_words(units, 2)
    if alternatives is None:
        return re.compile(r"(?!)")
    return re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?)({alternatives})(?![\w])", re.I)


def _article_unit(units: frozenset[str]) -> re.Pattern[str]:
    """ "a litre", "half a litre": an article before one of ``units`` (words)."""
    alternatives = _unit_words(units, 3)
    if alternatives is None:
        return re.compile(r"(?!)")
    return re.compile(rf"(?<![\w-])(half\s+)?(an?)\s+({alternatives})\b", re.I)


def normalize(
    text: str, glued: frozenset[str] = frozenset(), units: frozenset[str] = frozenset()
) -> Normalized:
    """Fold ``text`` (``glyphs.fold``), then replace each run of number words by
    digits (with text2num), split a word of ``glued`` from the number written
    against it ("HR64") and a number from a unit of ``units`` written against it
    ("200mL"). Offsets map back to ``text`` as it was typed."""
    folded = fold(text)
    words = _numbers_normalize(folded.text, glued, units)
    inner = Normalized(text, folded.text, folded.runs)
    return Normalized(text, words.text, _compose(words.runs, inner))


def _compose(outer: tuple[Run, ...], inner: Normalized) -> tuple[Run, ...]:
    """Runs from the normalized text to the typed one, from ``outer`` (normalized
    to folded) and ``inner`` (folded to typed): the stretches of the folded text
    either step replaced, joined where they overlap."""
    stretches = sorted(
        [(r[2], r[3]) for r in outer] + [(r[0], r[1]) for r in inner.runs]
    )
    merged: list[list[int]] = []
    for start, end in stretches:
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])

    def forward(position: int) -> int:  # folded offset, outside an outer run
        return position + sum(
            (r[1] - r[0]) - (r[3] - r[2]) for r in outer if r[3] <= position
        )

    return tuple(
        (
            forward(start),
            forward(end),
            inner.original_offset(start),
            inner.original_offset(end, end=True),
        )
        for start, end in merged
    )


def _numbers_normalize(
    text: str, glued: frozenset[str], units: frozenset[str] = frozenset()
) -> Normalized:
    pieces: list[str] = []
    runs: list[Run] = []
    cursor = 0
    length = 0
    for start, end, replacement in _edits(text, glued, units):
        if start < cursor:
            continue
        pieces.append(text[cursor:start])
        length += start - cursor
        runs.append((length, length + len(replacement), start, end))
        pieces.append(replacement)
        length += len(replacement)
        cursor = end
    pieces.append(text[cursor:])
    return Normalized(text, "".join(pieces), tuple(runs))


def numbers_find(normalized: Normalized) -> tuple[NumberToken, ...]:
    """Every number in the utterance, spoken or written, in normalized offsets."""
    return tuple(
        NumberToken(Decimal(m.group()), m.start(), m.end())
        for m in _DIGITS.finditer(normalized.text)
    )

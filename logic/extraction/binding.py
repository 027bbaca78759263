"""Numbers to measurements: each number said binds to the measurement word before
it in its sentence (within a window of words), or to the one right after it ("91 on
the pulse oximeter"); pairs ("120 over 80"), corrections, ranges, relative changes,
Fahrenheit and answers to a question are read here. Every binding is a ``Found``
with its ConText attributes; ``resolve`` decides what stays a candidate.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cached_property

from logic.alphabet import Alphabet, MeasurementType
from logic.diagnostics import StatementError
from logic.extraction.context import Context, context_lexicon
from logic.extraction.glyphs import unreadable
from logic.extraction.mentions import LINE_OPENS, Mention, mentions_find
from logic.extraction.numbers import Normalized, NumberToken, normalize, numbers_find
from logic.extraction.readings import (
    clock_said,
    denied,
    half_heard,
    present_before,
    range_said,
    taken_on_types,
    vague,
)
from logic.extraction.relative import current_value, relative_after
from logic.extraction.resolve import Found
from logic.extraction.units import UnitSaid, unit_after, value_converted
from logic.statements import Statement, measurement_value

# ConText categories that keep a value from the record whatever its distance.
_NOT_TAKEN = frozenset({"unmeasured", "forbidden"})
# What a question's context gives its answer.

# "out of 10", "/10"; "7 over 10" is a rating's scale too, not a pressure.
# ("out and 10", "out in 10": as recognisers write "out of 10")
# ("six by ten", as Indian English says it)
_DENOMINATOR = re.compile(r"(?:\bout\s+(?:of|and|in)|/|(?<=\d )by)\s*$", re.I)
_OVER_BEFORE = re.compile(r"\b(?:10|[0-9])\s+over\s*$", re.I)
_OTHER_UNIT = re.compile(
    # "hr" before a number is a heart rate ("RR 18 HR 90"), not hours.
    r"^[\s-]*(?:(?:mls?|mils?|millilitres?|hours?|(?-i:hrs?)(?!\s*\d)|(?-i:h)(?=\s+(?:ago|after|before|later|post|since|prior)|\s*[:;,)])|minutes?|mins?|days?|"
    r"weeks?|months?|years?|yrs?|yo|o'clock|times(?!\s+(?:a|per)\s+min)|kg|kilos?|lbs?|pounds|mg|mcg|grams?|am|"
    r"an?\s+hour|per\s+hour|an\s+hr|/hr|"
    r"pm|units?|(?-i:U)|iu|cc|ccs|cm|mm|inches|feet|ft|tablets?|tabs|doses?|puffs?|gauge|"
    r"amps?|ampoules?|vials?|"
    r"french|lpm|l|milligrams?|micrograms?|mcgs?|millimoles? per|kcals?|calories|cals|"
    r"bolus|boluses|bag|bags|ounces?|oz|cups?|glasses|glass|spoons?|teaspoons?|"
    r"tablespoons?|sachets?|cartons?|pillows?|episodes?|nebs?|nebulisers?|nebulizers?|"
    # "sugars two-hourly", "obs 4 hrly": how often, not a value
    r"hourly|hrly|daily|weekly|monthly)\b|"
    # "after five of morphine": a dose of a drug
    r"of\s+(?:iv\s+|im\s+|oral\s+|sc\s+|sub-?cut\s+)?(?:morphine|oramorph|oxycodone|"
    r"fentanyl|diamorphine|paracetamol|ibuprofen|codeine|tramadol|diazepam|lorazepam|"
    r"haloperidol|insulin|lasix|furosemide|frusemide|salbutamol|ondansetron|"
    r"metoclopramide|cyclizine|naloxone|ketamine|midazolam|metoprolol|adrenaline|"
    r"ephedrine|metaraminol|glucagon|dextrose)\b|"
    r"l/min|\+|:\d)",
    re.I,
)
# "vomiting x 2/7": days, weeks or months written as a fraction, after a count
# smaller than its whole ("BP 88/52" is a pressure).
_FRACTION_OF_TIME = re.compile(r"/\s*(7|52|12)\b")


def _of_time(number: NumberToken, after: str) -> bool:
    """Whether ``number`` counts days, weeks or months as a fraction ("x 2/7")."""
    fraction = _FRACTION_OF_TIME.match(after)
    return fraction is not None and number.value < int(fraction.group(1))


_PERCENT = r"(?:%|percent|per cent)"
# A number rated on a scale of ten: "a 5 out of 10", "7/10".
_RATED = re.compile(r"\s*(?:out\s+of|/)\s*10\b", re.I)
# Drugs a number is a dose, a count or the hour of: "two paracetamol at six".
_DRUG = (
    r"(?:paracetamol|panadol|tylenol|acetaminophen|ibuprofen|codeine|co-codamol|"
    r"tramadol|morphine|oramorph|oxycodone|oxy|oxynorm|endone|hydromorphone|dilaudid|"
    r"norco|percocet|fentanyl|diazepam|lorazepam|haloperidol|lactulose|senna|"
    r"ondansetron|metoclopramide|cyclizine|gliclazide|metformin|insulin)"
)
_DRUG_AFTER = re.compile(rf"\s+{_DRUG}\b", re.I)
# A percentage of the oxygen given: "100% O2", "40 percent oxygen".
_OXYGEN_GIVEN = re.compile(rf"\s*{_PERCENT}\s*(?:o2|oxygen)\b", re.I)
# "91 on the pulse oximeter", "94 percent sats": a number said before its type.
# "96%, her sats", "78, that is the pulse", "37.8 for her temp": the type named after
# its value, as a speaker remembers it.
_BEFORE_TYPE = re.compile(
    rf"^\s*{_PERCENT}?\s*(?:(?:on|via|by)\s+(?:the\s+)?|,\s*(?:her|his|their|your)\s+|"
    r",?\s*(?:that(?:'s|\s+is|\s+was)\s+(?:the|her|his|their)|for\s+(?:her|his|their|the|your)|"
    r"(?:\s*is|'s)\s+(?:your|her|his|the))\s+)?$",
    re.I,
)
# Between a number and its pair's value: "95% RA", "97 on air", "91 breathing air",
# "93 on 24% venturi" (the FiO2 of the device is bound on its own).
_BEFORE_PAIR = re.compile(
    rf"^\s*{_PERCENT}?\s*(?:(?:on|in|at|with|breathing|whilst on|while on)"
    rf"\s+(?:(?:\d+\s*{_PERCENT}\s*)|the\s+|a\s+)?)?$",
    re.I,
)
# Before the second number of a pair: "150/90", "130 by 80" (not "down by 20").
_SECOND_OF_PAIR = re.compile(r"(?:/|\d\s+(?:by|on|upon)\s+)$", re.I)
# "128 to 76": two numbers joined by "to" (a pair when the second is lower).
_DOWN_TO = re.compile(r"\b(\d{2,3})\s+to\s+(\d{2,3})\b(?!\s*(?:%|percent|\.\d))")
# A pressure said with "on" or "by" and no type word: a first number no other
# reading reaches ("168 on 94"; "98 on 2 litres" is a saturation).
_PRESSURE_ON = re.compile(
    r"(10[1-9]|1[1-9]\d|2[0-4]\d)\s+(?:on|by|upon)\s+(\d{2,3})\b"
    r"(?!\s*(?:%|percent|per\s+cent|l\b|lit))",
    re.I,
)
# A pair joined by a word: "106 on 72", "130 by 80".
_WORD_PAIR = re.compile(r"(\d{2,3})\s+(?:on|by|upon)\s+(\d{2,3})\b")
# A pair written with a slash: "152/88".
_SLASH_PAIR = re.compile(r"(\d{2,3})\s*/\s*(\d{2,3})(?!\s*/|\d)")
_OVER_TEN = re.compile(r"\s+10\b")
# A lone digit right after a whole number: "37, 4", "36 9", "36, point 8".
_SPLIT_DECIMAL = re.compile(r",?\s+(?:point\s+)?(\d)(?![\d.]|,\d|\s*[%/])")
# A word right before a number after a comma: the label of a reading.
_LABEL_BEFORE = re.compile(
    r"[,;]\s*(?:and\s+)?(?:the\s+|his\s+|her\s+|their\s+)?([A-Za-z][A-Za-z']*)\s+$",
    re.I,
)
# Words that may stand there without naming another reading.
_LINKS = frozenset(
    re.findall(
        r"\S+",
        """
        sorry then now about around approx approximately roughly maybe probably was
        is were are of at to and or down up still only just like um uh er so repeat
        recheck rechecked later after before initially currently today tonight it's
        its it they're they she's he's she he we i i'm i've got get gave reads
        reading read says said showing shows showed came went gone come settled
        dropped rose fell increased decreased improved worse better back last latest
        lowest highest peak peaked more less nearly almost over under above below
        than been be being has had have actually really a an
        """,
    )
)
# The clinician repeating what the patient said.
_YOU_SAID = re.compile(
    r"\byou\s+(?:mentioned|said|told\s+me|were\s+saying|reported)\b", re.I
)
# After an hour: "at 6 was 7.2", "at four, was BP", "at 5 o'clock it was".
_HOUR_THEN_READING = re.compile(
    r"\s*(?:o'?clock|am|pm|a\.m\.|p\.m\.)?\s*(?:tonight|this\s+morning|this\s+evening|"
    r"last\s+night|today)?\s*,?\s*(?:it\s+)?(?:was|were|is|read)\b",
    re.I,
)
# Who took a reading, between its type's word and its value: "sugar I checked now is
# 126 milligram".
_TAKEN_THEN = re.compile(
    r"\s*(?:(?:that\s+)?(?:i|we|you)(?:'ve|\s+have)?\s+(?:just\s+)?"
    r"(?:checked|did|done|took|taken|measured|got)\s+)(?:(?:just\s+)?now\s+)?"
    r"(?:is|was|'s|of|reads|reading)?\s*",
    re.I,
)
# A change said before its amount: "up two kilos", "lost 3 kg", "down by 20".
_CHANGE_BY = re.compile(
    # ("she drops about thirty on standing")
    r"\b(?:up|down|gained|lost|put\s+on|drops?|dropped|falls?|fell|rises?|rose)\s+"
    r"(?:by\s+)?"
    r"(?:about\s+|around\s+|nearly\s+|almost\s+|over\s+)?$",
    re.I,
)
# An age with the sex written against it, opening a record's line: "64M, 14 weeks
# post CABG" (not "T 101F, HR 98", a temperature after its type's word).
_SEX_AFTER_AGE = re.compile(r" ?(?-i:[MF])(?:\b|(?=[,;:.]))")
# A dose given, then "at" its hour: "she received pethidine at four".
_DOSE_AT = re.compile(
    r"\b(?:received|given|gave|had|took|administered)\s+(?:her\s+|his\s+|their\s+)?"
    r"(?:[a-z][\w-]*\s+){1,2}at\s+$",
    re.I,
)
# An hour to come: "check his sugar again at ten tonight".
_HOUR_AHEAD = re.compile(
    r"\s*(?:o'?clock|am|pm|a\.m\.|p\.m\.|tonight|tomorrow)(?!\w)", re.I
)
# Something done, then "at" and an hour: "she had glycopyrronium at four."
_DONE_AT = re.compile(
    r"\b(?:had|given|gave|got|checked|done|turned|taken|took|started|stopped|seen|"
    r"reviewed|changed|emptied|flushed|repositioned|due|looked|saw|went|popped)\b"
    r"[^.,;]{0,40}\bat\s+$",
    re.I,
)
_ISH = re.compile(r"-?ish\b", re.I)
# A pause right after a number: "37...".
_PAUSE_AFTER = re.compile(r"\s*(?:\.{3}|…)")
# A value, then whose type it is: "102 is your pulse".
_IS_YOUR = re.compile(r"(?:\s+is|'s)\s+(?:your|her|his|their|the)\s", re.I)
# A clause that opens with its own subject and verb: a new statement.
# In the present tense only: ", and she was confused" goes on telling the past.
_SUBJECT_CLAUSE = re.compile(
    # ("She had her hip surgery yesterday and she's stable": "and" and a subject
    # said again)
    r"(?:,|\s[—–-]|\s(?=(?:and|but)\s+(?:he|she|they)(?:'s|'re|\s+is|\s+are)\b))"
    r"\s*(?:(?:and|but|so)\s+)?(?:(?:this\s+morning|today|now|tonight)\s+)?"
    r"(?:(?:he|she|they|it|i|you)(?:'s|'re|'ve|\s+is|"
    r"\s+are|\s+has|\s+have)|this\s+morning's|today's|tonight's|now\s+it's|"
    # the nurse's own judgement: "good overnight, I'd call her stable"
    r"(?:i'd|i\s+would)\s+(?:call|class|consider|describe))\b",
    re.I,
)
# Fluid taken out or drunk, right before its amount: "took off eight litres",
# "drained about 2 litres", "she drank a litre".
_FLUID_MOVED = re.compile(
    r"\b(?:(?:took|taken|take|takes|taking)\s+off|drained|drains|draining|tapped|"
    r"removed|drank|drunk|infused|passed|lost)\s+"
    r"(?:(?:about|around|approximately|approx\.?|nearly|over|almost|just\s+over|"
    r"just\s+under|another|a\s+further)\s+)?$",
    re.I,
)
# "96% on 1 litre": a number, then "on" and an amount.
_ON_AMOUNT = re.compile(
    rf"\s*(?:{_PERCENT}?\s*(?:on|with)(?:\s+(?:the|your|her|his|their))?|{_PERCENT})"
    r"\s+(?=\d)",
    re.I,
)
# "on a scale of 1 to 10": the scale of a question, not a value.
# The ends of a rating scale are no reading: "on a scale of 1 to 10", "a scale of
# uh, 1 to 10, sorry 0 to 10", "rate it from 1 to 10", "10 being the worst".
_SCALE = re.compile(
    r"\bscale\s+(?:of\s+|from\s+)?(?:(?:uh|um|like),?\s+)?(?:\d+|nought|naught)\s*"
    r"(?:to|-|out of)\s*"
    r"\d+(?:,?\s+sorry,?\s+\d+\s*(?:to|-)\s*\d+)?"
    r"|\brate\b[^.?!]{0,24}?\bfrom\s+\d+\s*(?:to|-)\s*\d+"
    r"|\b(?:from|between)\s+(?:[01]|nought|naught)\s*(?:to|-|and)\s*10\b"
    # a rating asked with no scale named: "Give it a number for me"
    r"|\bgive\s+(?:it|that|me)\s+a\s+(?:number|score)\b"
    # "And 1 to 10, 10 being the worst, how bad is it?": a rating's range itself
    r"|(?<![\d.])(?<![\d.] )\b(?:[01]|nought|naught)\s+to\s+10\b"
    r"(?!\s*(?:%|percent|mg|ml|mmol|l\b|litres?))"
    # "how bad is it out of 10?": the scale, when no value comes before it
    r"|(?<!\d)(?<!\d )(?<!\d,)(?<!\d, )\bout\s+of\s+10\b"
    r"|\b\d+\s+(?:being|is|as)\s+(?:the\s+)?(?:worst|least|most|best|highest|lowest|"
    r"no\b|none|nothing|minimal|mild|barely|kind\s+of|like|very|low|high|severe|"
    r"excruciating|unbearable)",
    re.I,
)
PREPOSITION = re.compile(r"(?:on|in|at|via|of)\b", re.I)
# "300 mL of tea": what may stand between a unit and the type word after it.
_OF = re.compile(r"\s*(?:of\s+(?:the\s+)?)?$", re.I)
FILLER = frozenset(
    ["um", "uh", "er", "erm", "so", "ok", "okay", "right", "and", "but", "just"]
    # exclamations said before a correction: "eighty... ay sorry, ninety-eight"
    + ["ay", "aiyo", "aiya", "oops", "whoops", "eh"]
    + ["well", "also", "you", "know", "like"]
)
_WINDOW = 10  # content words between a type word and its number, at most
# A line of this many words with no punctuation is a recogniser's run-on speech.
_RUN_ON_WORDS = 8
# What ends a line of speech (a label's colon opens one); a decimal point ("36.7")
# does not.
_LINE_MARK = re.compile(r"\n|[?!:]|\.(?!\d)")
# An answer that says the reading is being taken now.
TAKEN_NOW = re.compile(
    r"\b(?:doing|checking|taking)\s+(?:it|one)\s+now\b|\b(?:just|right)\s+now\b", re.I
)
# What a count word counts: the number right after it ("bed 4", "day 3", "bed no. 4").
_COUNTED = re.compile(r"\s*(?:no\.?\s*|number\s+)?\d")
# "a hundred and...": a number whose rest was never said.
_TRAILS_OFF = re.compile(r"\s+and\s*(?:\.{2,}|…)")
_NUMBER_NEXT = re.compile(r"\s*(?:is\s+|was\s+|of\s+)?\d")
# The type of a word the fold could not make readable ("tжmp"): like a measurement
# the alphabet does not record, the number after it is its own and is shown.
UNREADABLE = "unreadable"
UNREADABLE_REASON = "could not be read (characters the guide does not know)"


@dataclass(frozen=True)
class UnclearSpan:
    """Words about the patient that no candidate expresses, with why."""

    text: str
    start: int
    end: int
    reason: str


def content_words(text: str) -> int:
    """Words other than fillers and numbers."""
    return sum(
        1
        for w in re.findall(r"[\w']+", text.lower())
        if w not in FILLER and not w[0].isdigit()
    )


class NumberBinder:
    """The state of reading one utterance, and the binding of its numbers."""

    def __init__(
        self,
        text: str,
        alphabet: Alphabet,
        state: Mapping[str, object],
        units_used: frozenset[str] = frozenset(),
    ) -> None:
        self.alphabet = alphabet
        self.state = state
        # Units of a conversion the words said a value in ("98.6 °F"): a unit
        # system, for the conversions that apply unspoken only beside them.
        self.units_used = units_used
        lexicon = context_lexicon()
        glued = frozenset(
            s.lower()
            for m in alphabet.measurements.values()
            for s in (*m.synonyms, *m.prefixes)
            if s.isalpha()
        )
        units = frozenset(
            w
            for m in alphabet.measurements.values()
            for w in (
                *m.unit_words,
                *(u for c in m.conversions for u in (*c.words, *c.after_type)),
            )
        )
        self.norm: Normalized = normalize(text, glued, units)
        unrelated = (
            tuple((t, "other") for t in lexicon.measures)
            + tuple((t, "count") for t in lexicon.counts)
        ) + tuple((t, "hidden") for t in lexicon.phrases)
        self.kept, self.every = mentions_find(self.norm.text, alphabet, unrelated)
        self.kept = self._with_unreadable(self.kept)
        self.all_numbers = numbers_find(self.norm)
        self.context = Context(
            self.norm.text,
            lexicon,
            self._readings_start(),
            tuple(m.start() for m in _SUBJECT_CLAUSE.finditer(self.norm.text)),
            self._run_on_readings(),
        )
        self._given_on_types = taken_on_types(alphabet)
        self.found: list[Found] = []
        self.unclear: list[UnclearSpan] = []
        self.numbers: list[Decimal] = []
        self.relative_spans: list[tuple[int, int]] = []
        self.used: set[int] = set()  # starts of numbers already bound
        self.flagged: list[int] = []  # normalized starts of unclear parts
        # Types said second in a pair ("over 80"): never bound to a number before.
        self.seconds = {m.pair for m in alphabet.measurements.values() if m.pair}
        # Conditions a quantity is given of ("2 NC", "15 L non-rebreather"): those
        # a measurement implies whatever its value (a flow is oxygen; a GCS of 15
        # is alert, but "temp 36.4 alert" gives no quantity of alertness).
        self.quantified = {
            i.type
            for m in alphabet.measurements.values()
            for i in m.implies
            if i.family == "condition" and i.when is None
        }
        self.scales = [m.span() for m in _SCALE.finditer(self.norm.text)]

    def _with_unreadable(self, kept: tuple[Mention, ...]) -> tuple[Mention, ...]:
        """``kept`` and the words still unreadable after the fold, as mentions of
        a measurement the alphabet does not record."""
        words = [
            Mention("other", UNREADABLE, start, end)
            for start, end in unreadable(self.norm.text)
            if not any(m.start < end and start < m.end for m in kept)
        ]
        return tuple(sorted([*kept, *words], key=lambda m: m.start))

    def _readings_start(self) -> tuple[int, ...]:
        """Clause starts that open with a measurement word (", pain 5")."""
        starts = []
        for mention in self.kept:
            if mention.kind != "type":
                continue
            before = self.norm.text[: mention.start]
            lead = re.search(
                r",\s*(?:(?:um|uh|er|and|then|your|his|her|their|the)\b[\s,]*)*$",
                before,
                re.I,
            )
            if lead:
                starts.append(lead.start())
        return tuple(starts)

    @cached_property
    def _line_marks(self) -> list[int]:
        return [m.start() for m in _LINE_MARK.finditer(self.norm.text)]

    def _run_on_readings(self) -> tuple[int, ...]:
        """ "i'll tell the nurse blood pressure 128 over 70": in a recogniser's
        run-on line, a type word and its number open a reading."""
        return tuple(
            mention.start
            for mention in self.kept
            if mention.kind == "type"
            and self._unpunctuated(mention.start)
            and _NUMBER_NEXT.match(self.norm.text, mention.end)
        )

    def _unpunctuated(self, position: int) -> bool:
        """Whether ``position`` stands in a long lower-case line with no
        punctuation, as some recognisers write speech."""
        text = self.norm.text
        marks = self._line_marks
        start = max((i for i in marks if i < position), default=-1) + 1
        end = min((i for i in marks if i >= position), default=len(text))
        line = text[start:end]
        return len(line.split()) >= _RUN_ON_WORDS and not re.search(
            r"[,;]|(?!I\b)[A-Z]", line
        )

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.norm.original_span(start, end)

    def add(
        self,
        statement: Statement,
        start: int,
        end: int,
        *,
        target: tuple[int, int] | None = None,
        extra: frozenset[str] = frozenset(),
        note: str = "",
    ) -> None:
        accumulates = (
            statement.family == "condition"
            and self.alphabet.conditions[statement.type].accumulates
        )
        group = f"{statement.type}:{statement.value}" if accumulates else statement.type
        t_start, t_end = target or (start, end)
        ignored = tuple(self.relative_spans)
        measurement_type = self.alphabet.measurements.get(statement.type)
        if measurement_type is not None and measurement_type.self_reported:
            # "you said pain's zero, right?": a rating the patient gives is theirs at
            # this encounter, repeated back; a reading they told of was taken before.
            ignored += tuple(m.span() for m in _YOU_SAID.finditer(self.norm.text))
        attributes = self.context.attributes(
            t_start,
            t_end,
            ignored,
            reading=statement.family == "data" or self._sentence_has_reading(t_start),
        )
        if start < t_start:
            attributes |= self.context.said_within(start, t_start)
        if statement.type in self._given_on_types:
            # "Sats are 91, he's on four litres. Could be the probe, I'll get a
            # better reading": the oxygen given is no reading in doubt
            attributes -= {"denied"}
        if statement.family == "data":
            attributes -= {"negated"}  # "no fever, temp 37.2": a number is said
            # "Latest BM before breakfast is 7.4"; "this morning his temp is 37.6"
            # (against "was febrile at 38.9 around 2am")
            if start < t_start and self.context.now_before(start):
                attributes |= {"now"}
            elif start < t_start and present_before(self.norm.text, start, t_start):
                attributes |= {"present"}
            measurement = self.alphabet.measurements[statement.type]
            if (
                not measurement.self_reported
                and self.context.in_patient_turn(t_start)
                and not self.context.measured_on_request(t_start)
                and not (
                    self.context.roles_inferred
                    and not self.context.said_in_first_person(t_start)
                )
            ):
                # "P: my temperature today was 103": the patient's own reading,
                # taken before this encounter; "today" is the patient's day, not
                # this visit, so no anchor of the encounter makes it current.
                attributes |= {"historical"}
            if measurement.self_reported:
                # "I'd give it maybe uh 7": a rating is the patient's own estimate,
                # and hedging is how ratings are given, not doubt about the words.
                attributes -= {"uncertain"}
        if "usual" in attributes and not self._means_change(statement):
            attributes -= {"usual"}  # "alert, oriented like always" is alert
        if statement.family == "condition" and self.context.asked_about_others(t_start):
            attributes |= {"other"}  # "D: Anything in the family? P: Diabetes."
        if accumulates:
            # Background is history by nature: "had his operation yesterday"; a
            # target range is how some is said ("COPD, target sats 88 to 92").
            attributes -= {"historical", "past", "uncertain", "target", "episodic"}
        self.found.append(
            Found(statement, start, end, group, attributes | extra, note, t_start)
        )

    def _sentence_has_reading(self, position: int) -> bool:
        """Whether a measured value was read in ``position``'s sentence: then the
        sentence is about the patient ("He's pain free, sats 98% on room air")."""
        start, end = self.context.sentence_of(position)
        return any(
            f.statement.family == "data" and start <= f.target < end for f in self.found
        )

    def flag(self, start: int, end: int, reason: str) -> None:
        self.flagged.append(start)
        o_start, o_end = self.span(start, end)
        words = self.norm.original[o_start:o_end].strip(" .,;")
        self.unclear.append(UnclearSpan(words, o_start, o_end, reason))

    # --- measurements, per sentence ---------------------------------------------
    def sentence(self, start: int, end: int) -> None:
        types = [
            m for m in self.kept if start <= m.start and m.end <= end and m.kind in
            ("type", "other", "count")
        ]  # fmt: skip
        for mention in types:
            if mention.kind == "type":
                self.relative(mention, end)
        numbers = [
            n
            for n in self.all_numbers
            if start <= n.start and n.end <= end and not self._consumed(n)
        ]
        self.bind_numbers(types, numbers, start)

    def bind_numbers(
        self, types: list[Mention], numbers: list[NumberToken], start: int
    ) -> None:
        events: list[tuple[int, Mention | NumberToken | str]] = [
            (m.start, m) for m in types
        ]
        events += [(n.start, n) for n in numbers]
        corrections = [
            m
            for m in self.context.modifiers
            if m.category == "correction" and start <= m.start
            and m.end <= (numbers[-1].end if numbers else start)
        ]  # fmt: skip
        events += [(m.start, "correction") for m in corrections]
        events.sort(key=lambda pair: pair[0])
        current: Mention | None = None
        previous: Mention | None = None
        bound_to_current = 0
        last_type = ""
        orphan_over = -1  # where an "over" with no systolic before it ends
        corrected_at = -1  # where the last correction cue was said
        bound: Mention | None = None  # the mention the last value was bound to
        for position, event in events:
            if isinstance(event, str):
                corrected_at = position
                # "one seventy over, sorry, one twenty over seventy": the value
                # after the cue replaces the systolic, not the diastolic.
                if (
                    current is not None
                    and current.type in self.seconds
                    and not bound_to_current
                    and previous is not None
                ):
                    current = previous
                continue
            if isinstance(event, Mention):
                if event.kind == "count" and not _COUNTED.match(
                    self.norm.text, event.end
                ):
                    continue  # "his BM before bed was 11.4": no bed is counted
                over = self.norm.text[event.start : event.end].lower() == "over"
                # "146 over 70... no, over 76": the second of the pair said again
                again = any(
                    f.statement.type == "diastolicBP" for f in self.found[-2:]
                ) and any(
                    not self.norm.text[m.end : event.start].strip(" ,.…")
                    for m in corrections
                )
                if (
                    over
                    and last_type != "systolicBP"
                    and not again
                    and not self._pair_open()
                ):
                    orphan_over = event.end
                    continue
                previous, current, bound_to_current = current, event, 0
                continue
            if event.start in self.used:
                continue
            if orphan_over >= 0 and not self.norm.text[orphan_over : event.start].strip(
                " ,"
            ):
                # "BP 18 over 64", "8 to 5 over 50": the second of a pair whose
                # first was not read is no value of the type before it.
                self.flag(event.start, event.end, "the pressure was not heard whole")
                continue
            self.numbers.append(event.value)
            paired = self._paired_before(event)
            if paired is not None and (current is None or current.type != paired.type):
                # "BP 140 over 80, sorry, 150 over 80": a number before "over"
                # starts a new pair.
                previous, current, bound_to_current = current, paired, 0
            mention = self._mention_for(event, current, last_type)
            if mention is None and bound is not None and corrected_at > bound.start:
                # "she gives a seven, eh, no, sorry, she said a six": the value
                # corrected, however far its type word was
                mention = self._corrected_to(bound, corrected_at, event)
            if mention is None:
                continue
            if mention is current and bound_to_current and self._unknown_label(event):
                # "sats 95 on room air, rest 80": a word the alphabet does not
                # know names this number; the sats have their value already.
                self.flag(event.start - 1, event.end, "the measurement was not heard")
                continue
            if mention is current:
                bound_to_current += 1
            last_type = self.bind(mention, event) or last_type
            bound = mention

    def _pair_open(self) -> bool:
        """Whether the last value read is the first of a pair whose second is not
        yet said ("one twelve over... over sixty-six": a pause between them)."""
        if not self.found:
            return False
        measurement = self.alphabet.measurements.get(self.found[-1].statement.type)
        return measurement is not None and bool(measurement.pair)

    def _means_change(self, statement: Statement) -> bool:
        """Whether a value means a change ("new confusion"), which "as usual" denies."""
        condition = self.alphabet.conditions.get(statement.type)
        return condition is not None and any(
            v.name == statement.value and v.change for v in condition.values
        )

    def _corrected_to(
        self, bound: Mention, cue: int, number: NumberToken
    ) -> Mention | None:
        """The type a correction gives ``number``: the last value's, when the
        number comes within a few words of the cue and no other number before it."""
        between = self.norm.text[cue : number.start]
        if re.search(r"\d", between) or content_words(between) > 5:
            return None
        return Mention("type", bound.type, number.start, number.start)

    def _without_corrections(self, start: int, end: int) -> str:
        """The words between ``start`` and ``end`` with the correction cues left
        out ("... no, hang on, 36.5": the words that take a value back, a bare
        "no" among them)."""
        said = list(self.norm.text[start:end])
        for m in self.context.modifiers:
            if m.category == "correction" and start <= m.start and m.end <= end:
                said[m.start - start : m.end - start] = " " * (m.end - m.start)
        return re.sub(r"\bno\b", " ", "".join(said), flags=re.I)

    def said_again(self) -> None:
        """ "The temperature is thirty-seven... thirty-seven point three": a value
        trailed off after and said again after the pause, with fillers at most
        between, is of the same type."""
        for item in list(self.found):
            if "broken" not in item.context or item.statement.family != "data":
                continue
            before = next((n for n in self.all_numbers if n.start == item.target), None)
            pause = _PAUSE_AFTER.match(self.norm.text, before.end) if before else None
            if pause is None:
                continue
            again = next((n for n in self.all_numbers if n.start >= pause.end()), None)
            if (
                again is None
                or again.start in self.used
                or self._consumed(again)
                or content_words(self._without_corrections(pause.end(), again.start))
                > 0
            ):
                continue
            self.bind(
                Mention("type", item.statement.type, item.start, item.start), again
            )

    def _unknown_label(self, number: NumberToken) -> bool:
        """Whether a word no reading is made of stands right before ``number``
        after a comma ("..., heartbreak 90", "..., CR 90")."""
        label = _LABEL_BEFORE.search(self.norm.text, 0, number.start)
        return label is not None and label.group(1).lower() not in _LINKS

    def _mention_for(
        self, number: NumberToken, current: Mention | None, last_type: str
    ) -> Mention | None:
        if half_heard(self.norm.text, number.start):
            # "blood sugar iron point one": the whole part was not heard.
            self.flag(number.start, number.end, "part of the number was not heard")
            return None
        if self._slash_diastolic(number, last_type):
            return Mention("type", "diastolicBP", number.start - 1, number.start)
        if LINE_OPENS.search(self.norm.text, 0, number.start) and _SEX_AFTER_AGE.match(
            self.norm.text, number.end
        ):
            return None  # "91F, Alzheimer's dementia": an age and a sex opening a line
        near = (
            current is not None
            and content_words(self.norm.text[current.end : number.start]) <= _WINDOW
        )
        if (
            near
            and current is not None
            and current.kind == "type"
            and self._unit(current, number) is not None
        ):
            return current  # "passed 200 mL", "weighs 160 pounds"
        if current is None or re.search(
            r"\d", self.norm.text[current.end : number.start]
        ):
            # "pulse 80, 96 on air": the word before has its value already.
            paired = self._named_by_unit(number) or self._named_by_pair(number)
            if paired is not None:
                return paired
        if not (near and current is not None and current.kind in ("other", "count")):
            named = self._named_by_unit(number)
            if named is not None:
                return named
        if near and current is not None and current.kind == "other":
            self._flag_other(current, number)  # "drain output 80 mL"
            return None
        if self._other_quantity(number):
            return None
        if current is not None and near:
            after = self._type_after(number)
            if after is not None and (
                "," in self.norm.text[current.end : number.start]
                or _IS_YOUR.match(self.norm.text, number.end)
            ):
                # "94% sats on RA, 38.2 temp", "93 is your sats and 102 is your
                # pulse": the type said after it
                return after
            if current.kind == "count":
                return None
            if self._unit_of_another(current, number):
                # "your pulse, so ninety-four percent on air"
                return self._named_by_pair(number)
            return current
        return self._type_after(number)

    def _unit_of_another(self, mention: Mention, number: NumberToken) -> bool:
        """Whether the unit said after ``number`` is another measurement's own and
        not ``mention``'s type's ("pulse ... 94 percent")."""
        said = {
            m.unit for m, unit in self._units_after(number) if unit.conversion is None
        }
        own = self.alphabet.measurements.get(mention.type)
        return bool(said) and (own is None or own.unit not in said)

    def _flag_other(self, mention: Mention, number: NumberToken) -> None:
        reason = (
            UNREADABLE_REASON
            if mention.type == UNREADABLE
            else "the alphabet does not record this"
        )
        self.flag(mention.start, number.end, reason)

    def _unit(self, mention: Mention, number: NumberToken) -> UnitSaid | None:
        measurement = self.alphabet.measurements.get(mention.type)
        if measurement is None:
            return None
        return unit_after(
            self.norm.text, number.end, measurement, self._right_after(mention, number)
        )

    def _right_after(self, mention: Mention, number: NumberToken) -> bool:
        """Whether ``number`` is the first number after the type word of
        ``mention``, at most a word between ("sugar is 144 mg")."""
        between = self.norm.text[mention.end : number.start]
        return (
            mention.kind == "type"
            and mention.end <= number.start
            and not re.search(r"\d", between)
            and (
                content_words(between) <= 1
                or _TAKEN_THEN.fullmatch(between) is not None
            )
        )

    def _named_by_unit(self, number: NumberToken) -> Mention | None:
        """A type the unit after the number names, with no type word before it:
        "300 mL of tea" (the type word after the unit), "on 2 litres" (a unit only
        one type has, ``unit_alone``; or a unit it converts from, "216 milligrams
        per decilitre"), "28% venturi" (a unit before a value of
        ``unit_before``)."""
        after = next(
            (m for m in self.kept if m.start >= number.end and m.kind != "hidden"),
            None,
        )
        said = self._units_after(number)
        for measurement, unit in said:
            if (
                after is not None
                and after.kind == "type"
                and after.type == measurement.name
                and _OF.match(self.norm.text[unit.end : after.start])
            ):
                return after
        hidden = [m for m in self.kept if m.kind == "hidden"]
        # "they took off eight litres", "drained 2 litres": an amount of fluid
        # moved, which no unit alone makes a reading of.
        moved = _FLUID_MOVED.search(self.norm.text[: number.start]) is not None
        for measurement, unit in said:
            # "2 litres of fluid": a phrase that names something else holds the unit.
            if (
                (measurement.unit_alone or unit.conversion is not None)
                and not moved
                and not any(m.start < unit.end and number.end < m.end for m in hidden)
            ):
                return Mention("type", measurement.name, number.end, unit.end)
        for measurement, unit in said:
            if (
                after is not None
                and after.kind == "value"
                and after.type in measurement.unit_before
                and not self.norm.text[unit.end : after.start].strip()
            ):
                return Mention("type", measurement.name, after.start, after.end)
        return None

    def _paired_before(self, number: NumberToken) -> Mention | None:
        """ "one twenty over seventy" with no type word: the number before a pair
        word ("over") is the first of its pair (systolic); so is the first of
        "152/88" said with no type word, when it is larger (a date is not)."""
        slash = (
            _SLASH_PAIR.match(self.norm.text, number.start)
            # "106 on 62... sorry, 106 on 72": a pair said again after a correction
            or self._corrected_pair(number)
            # "One sixty-eight on ninety-four": no saturation is over 100
            or _PRESSURE_ON.match(self.norm.text, number.start)
        )
        if slash and Decimal(slash.group(1)) > Decimal(slash.group(2)) >= 20:
            first = next(
                (
                    m
                    for m in self.alphabet.measurements.values()
                    if m.pair in self.alphabet.measurements
                ),
                None,
            )
            if first is not None:
                return Mention("type", first.name, number.start, number.start)
        after = next((m for m in self.kept if m.start >= number.end), None)
        if after is None or after.kind != "type":
            return None
        if self.norm.text[number.end : after.start].strip(" ,"):
            return None
        if self.norm.text[after.start : after.end].lower() != "over":
            return None
        if number.value <= 10 and _OVER_TEN.match(self.norm.text, after.end):
            return None  # "pain 7 over 10": a rating's scale, not a pressure
        first = next(
            (m for m in self.alphabet.measurements.values() if m.pair == after.type),
            None,
        )
        if first is None:
            return None
        return Mention("type", first.name, number.start, number.start)

    def _corrected_pair(self, number: NumberToken) -> re.Match[str] | None:
        """ "sorry, 106 on 72": "on" or "by" joining a pair said again right after
        a correction, once a pair was read."""
        said = _WORD_PAIR.match(self.norm.text, number.start)
        if said is None or not any(
            f.statement.type in self.seconds for f in self.found
        ):
            return None
        before = self.norm.text[: number.start].rstrip(" ,")
        return (
            said
            if any(
                m.category == "correction" and m.end == len(before)
                for m in self.context.modifiers
            )
            else None
        )

    def _type_after(self, number: NumberToken) -> Mention | None:
        """ "91 on the pulse oximeter": the type word right after the number."""
        after = next(
            (m for m in self.kept if m.start >= number.end and m.kind != "hidden"),
            None,
        )
        if after is None or after.kind != "type":
            return None
        if not _BEFORE_TYPE.match(self.norm.text[number.end : after.start]):
            return None
        return None if after.type in self.seconds else after  # "170 over"

    def _named_by_pair(self, number: NumberToken) -> Mention | None:
        """ "95% RA", "sitting at 97 on air", "91 on 24% venturi": a number said
        right before a value of the condition a measurement is paired with (or
        of one that implies it: a device is oxygen) is that measurement's."""
        flow = self._flow_after(number)
        if flow is not None:
            said_of = {i.type for i in flow.implies if i.family == "condition"}
        else:
            after = next(
                (m for m in self.kept if m.start >= number.end and m.kind != "hidden"),
                None,
            )
            if after is None or after.kind != "value":
                return None
            between = self.norm.text[number.end : after.start]
            if not _BEFORE_PAIR.match(between):
                return None
            condition = self.alphabet.conditions.get(after.type)
            said_of = {after.type} | {
                i.type
                for i in (condition.implies if condition else ())
                if i.family == "condition"
            }
        measurement = next(
            (m for m in self.alphabet.measurements.values() if m.pair in said_of),
            None,
        )
        if measurement is None:
            return None
        return Mention("type", measurement.name, number.start, number.start)

    def _flow_after(self, number: NumberToken) -> MeasurementType | None:
        """ "96% on 1 litre": the measurement a number with its unit names right
        after "on" (a flow of oxygen), when it implies a condition."""
        after = _ON_AMOUNT.match(self.norm.text, number.end)
        if after is None:
            return None
        amount = next((n for n in self.all_numbers if n.start == after.end()), None)
        if amount is None:
            return None
        return next(
            (
                m
                for m in self.alphabet.measurements.values()
                if m.implies
                and m.unit_alone
                and unit_after(self.norm.text, amount.end, m)
            ),
            None,
        )

    def bind(
        self,
        mention: Mention,
        number: NumberToken,
        asked: frozenset[str] = frozenset(),
    ) -> str:
        """Offer ``number`` as a value of ``mention``'s type; the type, or ""."""
        measurement = self.alphabet.measurements[mention.type]
        if not measurement.self_reported and _RATED.match(self.norm.text, number.end):
            # "resps 18 um she says it's about a 5 out of 10": a rating, no reading
            return ""
        if _CHANGE_BY.search(self.norm.text, 0, number.start):
            # "he's up two kilos since Friday": a change, no reading
            return ""
        if measurement.unit != "%" and re.match(
            rf"\s*{_PERCENT}(?!\w)", self.norm.text[number.end :]
        ):
            # "we gave 50 percent dextrose": a strength, no amount
            return ""
        unit = self._unit(mention, number)
        if unit is not None and unit.per_hour and not measurement.hourly:
            # "saline at 100 mL an hour": a rate running, not an amount taken.
            self.flag(
                min(mention.start, number.start),
                unit.end,
                "a rate per hour is a prescription, not a reading",
            )
            return ""
        split = self._split_decimal(number, measurement)
        if split is not None:
            # "temp, 37, 4": a recogniser's "thirty seven four", one decimal.
            number, digit = split
            self.used.add(digit.start)
        value, note = value_converted(measurement, number.value, unit, self.units_used)
        try:
            checked = self._checked(measurement.name, value)
        except ValueError as error:
            self.flag(min(mention.start, number.start), number.end, str(error))
            return ""
        self.used.add(number.start)
        self.numbers.append(checked)
        start, end = min(mention.start, number.start), max(mention.end, number.end)
        around = self._said_around(number)
        if self._pair_by_to(number):
            around -= {"range"}
        if measurement.self_reported and _ISH.match(self.norm.text, number.end):
            around -= {"range"}  # "three-ish": how ratings are given, as "about a 3"
        self.add(
            Statement("data", mention.type, checked),
            start,
            end,
            target=(number.start, number.end),
            extra=around
            | self._pair_context(mention, number)
            | asked
            | self._not_taken(mention)
            | self._asked_of(mention, number),
            note=note,
        )
        if "range" in around and mention.type in self.seconds:
            self._first_of_pair_rough(mention.type)
        return mention.type

    def _first_of_pair_rough(self, second: str) -> None:
        """ "106 over, um, 60-something": a pair half heard is no pair; its first
        value is as rough as its second."""
        if len(self.found) < 2:
            return
        first, said = self.found[-2], self.found[-1]
        owner = self.alphabet.measurements.get(first.statement.type)
        if (
            owner is not None
            and owner.pair == second
            and self._said_right_before(first, said.target)
        ):
            self.found[-2] = replace(first, context=first.context | {"range"})

    def _said_right_before(self, first: Found, position: int) -> bool:
        """Whether ``first`` is the value of the last number said before
        ``position`` (the first of a pair, right before its second)."""
        before = [n for n in self.all_numbers if n.end <= position]
        return not before or before[-1].start == first.target

    def _asked_of(self, mention: Mention, number: NumberToken) -> frozenset[str]:
        """ "What was the pressure at the start? 150 over 90.": a reading that
        answers the question before it (which names its type, or its pair's, and
        no other) is of that question's time and person."""
        sentence = self.context.sentence_of(number.start)
        question = self.context.sentence_before(number.start)
        if question is None:
            return frozenset()
        q_start, q_end = question
        if not self.norm.text[q_end : sentence[0]].lstrip().startswith("?"):
            return frozenset()
        measurement = self.alphabet.measurements[mention.type]
        family = {mention.type, measurement.pair} | {
            m.name
            for m in self.alphabet.measurements.values()
            if m.pair == mention.type
        }
        asked = [
            m for m in self.kept if q_start <= m.start < q_end and m.kind == "type"
        ]
        answer = [m for m in self.kept if sentence[0] <= m.start < sentence[1]]
        if not asked or any(m.type not in family for m in asked):
            return frozenset()
        if any(m.type not in self.seconds for m in answer):
            return frozenset()  # the answer names its own type
        carried = self.context.attributes(asked[-1].start, asked[-1].end) & frozenset(
            {"historical", "other"}
        )
        if TAKEN_NOW.search(self.norm.text, sentence[0], number.start):
            carried -= {"historical"}  # "Have you checked it? - Doing it now... 6.2"
        return carried

    def _split_decimal(
        self, number: NumberToken, measurement: MeasurementType
    ) -> tuple[NumberToken, NumberToken] | None:
        """ "temp 37, 4", "36 9", "36, point 8": a whole value of a type read to
        a decimal, and one lone digit right after it, as recognisers split "thirty
        seven four"; the number with its decimal, and the digit."""
        if measurement.decimals == 0 or number.value != number.value.to_integral():
            return None
        split = _SPLIT_DECIMAL.match(self.norm.text, number.end)
        if split is None or _OTHER_UNIT.match(self.norm.text[split.end() :]):
            return None
        digit = next((n for n in self.all_numbers if n.start == split.start(1)), None)
        if digit is None or digit.start in self.used:
            return None
        joined = Decimal(f"{int(number.value)}.{split.group(1)}")
        return replace(number, value=joined, end=digit.end), digit

    def _said_around(self, number: NumberToken) -> frozenset[str]:
        """What the words right around ``number`` say of it: a range or a bound,
        a rough number ("9 point something"), a value denied ("not 39")."""
        text = self.norm.text
        said = range_said(text, self.context.sentence_of(number.start), number.start)
        if vague(text, number.end):
            said |= {"range"}
        if denied(text, number.start):
            said |= {"denied"}
        if self._broken_off(number) or _TRAILS_OFF.match(text, number.end):
            said |= {"broken"}
        return said

    def _broken_off(self, number: NumberToken) -> bool:
        """ "Heart rate ninety... ninety something", "Temp 37... oh you're funny...
        37.1": a number the speaker trails off after and then says a number again,
        before naming another type, is one they went on to say otherwise."""
        pause = _PAUSE_AFTER.match(self.norm.text, number.end)
        if pause is None:
            return False
        again = next((n for n in self.all_numbers if n.start >= pause.end()), None)
        named = next((m for m in self.kept if m.start >= pause.end()), None)
        return again is not None and (named is None or again.start < named.start)

    def _not_taken(self, mention: Mention) -> frozenset[str]:
        """ "Unable to obtain a BP, the machine kept reading 70/40": a cue that
        says the measurement was not taken, or not to be recorded, reaches its
        value through the type's word, however far the number comes after."""
        return self.context.attributes(mention.start, mention.end) & _NOT_TAKEN

    def _pair_context(self, mention: Mention, number: NumberToken) -> frozenset[str]:
        """ "home readings 150 over 90": the second of a pair is said in the
        context of the first (the number said right before it)."""
        if mention.type not in self.seconds or not self.found:
            return frozenset()
        first = self.found[-1]
        # "between 140 and 160, the one just done is 152 over 90": not 160's pair
        if not self._said_right_before(first, number.start):
            return frozenset()
        owner = self.alphabet.measurements.get(first.statement.type)
        return first.context if owner and owner.pair == mention.type else frozenset()

    def _checked(self, type_name: str, value: Decimal) -> Decimal:
        try:
            return measurement_value(self.alphabet.measurements[type_name], value)
        except StatementError as error:
            raise ValueError(str(error)) from error

    def relative(self, mention: Mention, limit: int) -> None:
        """ "sats up two points", "resps unchanged": the current value, changed."""
        change = relative_after(self.norm.text, mention.end, limit)
        if change is None:
            return
        self.relative_spans.append((mention.end, change.end))
        for number in self.all_numbers:
            if mention.end <= number.start < change.end:
                self.used.add(number.start)
        types = [mention.type]
        pair = self.alphabet.measurements[mention.type].pair
        if change.delta == 0 and pair and pair in self.alphabet.measurements:
            types.append(pair)
        for type_name in types:
            current = current_value(self.state, type_name)
            if current is None:
                if type_name == mention.type:
                    self.flag(
                        mention.start,
                        change.end,
                        f"a change of {type_name} but no current value known",
                    )
                continue
            try:
                value = self._checked(type_name, current + change.delta)
            except ValueError as error:
                self.flag(mention.start, change.end, str(error))
                continue
            self.add(
                Statement("data", type_name, value),
                mention.start,
                change.end,
                target=(mention.start, mention.end),
            )

    def _consumed(self, number: NumberToken) -> bool:
        """Numbers inside a condition synonym ("GCS 15", "88 to 92"), a phrase,
        the ends of a rating scale ("on a scale of 1 to 10") or a speaker's label."""
        return any(
            m.start <= number.start and number.end <= m.end
            for m in (*self.every, *self.kept)
            if m.end - m.start > number.end - number.start  # "o 2 sat", "GCS 15"
        ) or any(
            a <= number.start < b for a, b in (*self.scales, *self.context.labels)
        )  # "Speaker 2:" names who speaks

    def _next_reading_unsaid(self, number: NumberToken) -> bool:
        """Whether no type word right after ``number`` waits for it: none follows,
        or the one that follows has a number of its own."""
        after = self._type_after(number)
        return (
            after is None or _NUMBER_NEXT.match(self.norm.text, after.end) is not None
        )

    def _slash_diastolic(self, number: NumberToken, last_type: str) -> bool:
        """ "150/90", "130 by 80", "128 to 76", "bp 130 80": the second number of
        a pair, after its slash, "by" or "to", or with its "over" lost, is the
        diastolic pressure."""
        return last_type == "systolicBP" and bool(
            _SECOND_OF_PAIR.search(self.norm.text[: number.start])
            or self._pair_by_to(number)
            or self._pair_word_lost(number)
        )

    def _pair_word_lost(self, number: NumberToken) -> bool:
        """ "bp 130 80 sats 96": a recogniser's pair whose "over" was lost, a lower
        whole number right after the systolic with nothing between."""
        last = self.found[-1] if self.found else None
        if last is None or last.statement.type != "systolicBP":
            return False
        said = next((n for n in self.all_numbers if n.start == last.target), None)
        return (
            said is not None
            and self.norm.text[said.end : number.start] == " "
            and number.value == int(number.value)
            and number.value < said.value
            # ("BP 132 97% on air", "BP 128 72 pulse": the next reading's number,
            # unless that type has its own: "bp 142 86 pulse 70")
            and self._next_reading_unsaid(number)
            and not self._units_after(number)
        )

    def _pair_by_to(self, number: NumberToken) -> bool:
        """ "blood pressure 128 to 76", as German and Dutch speakers say it: a
        pressure and a lower one no range could end at, after a type word that has a
        pair."""
        for match in _DOWN_TO.finditer(self.norm.text):
            if number.start not in (match.start(1), match.start(2)):
                continue
            high, low = int(match.group(1)), int(match.group(2))
            before = [m for m in self.kept if m.end <= match.start(1)]
            named = before[-1] if before else None
            return (
                high >= low + 20
                and named is not None
                and named.kind == "type"
                and bool(self.alphabet.measurements[named.type].pair)
                and content_words(self.norm.text[named.end : match.start(1)]) <= 2
            )
        return False

    def _other_quantity(self, number: NumberToken) -> bool:
        """ "2 litres", "out of 10", "20 mils an hour": not a measurement value."""
        before = self.norm.text[: number.start]
        after = self.norm.text[number.end :]
        next_value = any(
            m.kind == "value"
            and not self.norm.text[number.end : m.start].strip()
            and 0 < m.start - number.end <= 2
            and not PREPOSITION.match(self.norm.text[m.start : m.end])
            and m.type not in self.seconds  # "sats 98 RA": the reading's own pair
            and m.type in self.quantified  # "temp 36.4 alert": a reading, then a state
            for m in self.kept
        )
        # "one gram ten" (1.10 g/L): the rest of a quantity in another unit
        if re.search(r"\d\s+grams?\s+$", before, re.I):
            return True
        # "14:30", "since 6": a time of day, not a value.
        clock = re.search(
            r"\d:$|\b(?:since|until|till|in|within|every)\s+$", before, re.I
        ) is not None or clock_said(self.norm.text, number.start, number.end)
        # "his H'stix at 6 was 7.2": the hour of a reading told after it.
        clock = clock or bool(
            re.search(r"\bat\s+$", before, re.I)
            and number.value == int(number.value) <= 24
            and (_HOUR_THEN_READING.match(after) or _HOUR_AHEAD.match(after))
        )
        # "she received pethidine at four": the hour of a dose
        clock = clock or bool(
            _DOSE_AT.search(before)
            and number.value == int(number.value) <= 24
            and not re.match(r"\s*(?:/|out\s+of)", after, re.I)
        )
        # "on 60% high flow", "on 4 units": what the patient is on, not a reading.
        treatment = re.search(r"\b(?:on|at)\s+(?:about\s+|a\s+)?$", before, re.I)
        treatment = treatment if treatment and self._after_value(number) else None
        if treatment is not None and any(
            m.kind == "type" and not before[m.end : treatment.start()].strip()
            for m in self.kept
            if m.end <= treatment.start()
        ):
            treatment = None  # "HR 92, afebrile at 36.9": the type's own value
        # "obs at four bp 156 over 70": the hour of a set of readings
        clock = clock or bool(
            re.search(
                r"\b(?:obs|observations|vitals|vital\s+signs|set)\s+(?:done\s+|taken\s+)?at\s+$",
                before,
                re.I,
            )
            and number.value == int(number.value) <= 24
        )
        # "she had glycopyrronium at four.": the hour something was done
        clock = clock or bool(
            _DONE_AT.search(before)
            and number.value == int(number.value) <= 12
            and re.match(r"\s*(?:o'?clock|am|pm)?\s*(?:[.,;]|$|and\b)", after)
        )
        # "two paracetamol", "her oxy at two": tablets counted, the hour of a dose
        dose = bool(
            _DRUG_AFTER.match(after) or re.search(rf"\b{_DRUG}\s+at\s+$", before, re.I)
        )
        # "Given 100% O2 by the crew": the oxygen given, not the saturation
        given = _OXYGEN_GIVEN.match(after) is not None and bool(
            re.search(
                r"\b(?:given|gave|giving|received|receiving|on|with|via|of)\s+$",
                before,
                re.I,
            )
        )
        return bool(
            given
            or dose
            or _DENOMINATOR.search(before)
            or (number.value == 10 and _OVER_BEFORE.search(before))
            or (number.value == 10 and re.search(r"\d\s+of\s*$", before))  # "3 of 10"
            or (_OTHER_UNIT.match(after) and not self._converted_unit(number))
            or _of_time(number, after)
            or next_value
            or clock
            or treatment is not None
        )

    def _converted_unit(self, number: NumberToken) -> bool:
        """Whether a unit some type converts from follows ``number`` in full
        ("162 milligrams per decilitre"): a reading's unit, not a dose's."""
        return any(unit.conversion is not None for _, unit in self._units_after(number))

    def _units_after(
        self, number: NumberToken
    ) -> list[tuple[MeasurementType, UnitSaid]]:
        """Every measurement whose unit (its own or one it converts from) is
        written right after ``number``, with that unit."""
        return [
            (measurement, unit)
            for measurement in self.alphabet.measurements.values()
            if (unit := unit_after(self.norm.text, number.end, measurement)) is not None
        ]

    def _after_value(self, number: NumberToken) -> bool:
        """Whether a value was bound just before ``number`` in its sentence ("sats
        90 on 60%"): then "on N" names a setting, not a second reading."""
        sentence = self.context.sentence_of(number.start)
        return any(
            sentence[0] <= f.target < number.start
            and content_words(self.norm.text[f.target : number.start]) <= 2
            for f in self.found
        )

    # --- values and phrases, per clause -----------------------------------------

    pending: list[tuple[int, int]]

"""Questions and their answers: a rating asked for and answered in the next
sentence or turn, a correction in the next sentence, a background value answered in
other words ("Any surgeries? - I had my appendix out")."""

from __future__ import annotations

import re
from decimal import Decimal

from logic.extraction.binding import TAKEN_NOW, NumberBinder, content_words
from logic.extraction.context import HEADING_WORDS, MEASURE_NOW, Answered
from logic.extraction.mentions import Mention
from logic.extraction.numbers import NumberToken
from logic.extraction.readings import taken_on
from logic.extraction.units import value_converted
from logic.statements import Statement

# What a question's context gives its answer: its time and person; its modal verbs
# ("how would you rate it?") do not carry.
_ANSWER_CARRIES = frozenset({"historical", "past", "other", "now", "episodic"})
# An answer that opens with a denial, after fillers: "Yeah, no, none".
_OPENS_WITH_NO = re.compile(
    r"\W*(?:\[[^\]]*\]\W*)?(?:(?:um|uh|uhm|oh|so|well|ah|yeah|yes)\W+)*"
    r"(?:no|nope|nah|none|nothing|not|never|nil)\b",
    re.I,
)
_TAKEN_BACK = re.compile(
    r"\b(?:actually|well|except|apart\s+from|other\s+than|besides|only|just|but)\b",
    re.I,
)
# "it's a three", "that came back 37.6", "it's saying 93": a value of "it".
_PRONOUN_VALUE = re.compile(
    r"\b(?:it's|its|it\s+is|it\s+was|that's|thats|that\s+was|(?:it|that)\s+came\s+back"
    r"(?:\s+(?:at|as))?|it's\s+saying|it\s+says|it\s+reads|it's\s+reading|"
    r"i'm\s+getting|i'm\s+reading|i've\s+got|i\s+get|his\s+is|hers\s+is|yours\s+is|"
    r"mine(?:\s+just\s+now|\s+now)?\s+is|ours\s+(?:is\s+saying|is\s+reading|says|is)|"
    r"this\s+one(?:'s|\s+is)|"
    # "Perfect, I can see ninety-three, and a pulse of eighty-eight"
    r"i\s+can\s+see|"
    # "now she's settled, says two", "I did a manual, seventy-eight"
    r"(?<=, )says(?=\s+(?:it's\s+|about\s+|an?\s+)*\d)|"
    r"i\s+did\s+a\s+manual(?:\s+one)?\s*,|"
    # "put it on her ear and got ninety-four"
    r"(?<=\band\s)got|"
    # a rating shown, not said: "you're pointing at four", "he's showing me a four"
    r"(?:you're|she's|he's|they're)\s+(?:pointing\s+(?:at|to)|showing\s+me)(?:\s+an?)?|"
    # "that 38.5 was the man next door; this lady's 37.1"
    r"this\s+(?:lady|gentleman|gent|man|woman|patient|fella|chap)(?:'s|\s+is)|"
    # "the recheck at 4:30 is 6.2", "his last one at 6 was 10.4"
    # "the six o'clock one was nine point eight"
    r"(?:the\s+)?(?:\d{1,2}(?::\d\d)?\s*(?:o'clock|am|pm)|\d{3,4}|morning|evening|"
    r"afternoon|night|lunchtime|teatime|bedtime|midnight|breakfast|dinner|supper)"
    r"\s+one\s+(?:is|was|'s)\s+|"
    r"(?:the\s+|his\s+|her\s+)?(?:recheck|repeat|re-check|last\s+one|latest\s+one|"
    r"one\s+(?:i've|i\s+have|we've)\s+just\s+(?:done|taken|had)|one\s+i\s+just\s+(?:did|took))"
    r"(?:\s+at\s+[\d:.]+(?:\s*(?:am|pm|o'clock))?)?\s*(?:is|was|'s)|"
    # "I rechecked it just now, 9.6": the number the check gave
    r"(?:rechecked|re-checked|repeated|redid|redone|did|checked|took)\s+it(?:\s+again)?"
    r"(?:\s+(?:just\s+)?now)?\s*[,:-]|"
    # "now you're on two litres and you're ninety-five": said as it is now
    r"(?:you're|she's|he's)(?=\s+(?:sitting\s+at\s+)?\d+\s*(?:%|percent\b|on\b|now\b|out\s+of\b))|"
    r"(?:you're|she's|he's)\s+sitting(?=\s+at\s+\d)|"
    # "on the 24% venturi, sitting at 90"
    r"(?<=, )sitting(?=\s+at\s+\d)|(?<=\band\s)sitting(?=\s+at\s+\d)|"
    # "on one liter nasal cannula sitting at ninety": after the oxygen it is on
    r"(?:(?<=cannula )|(?<=prongs )|(?<=specs )|(?<=mask )|(?<=litres )|(?<=litre )|"
    r"(?<=liters )|(?<=liter )|(?<=air )|(?<=oxygen )|(?<=o2 ))sitting(?=\s+at\s+\d)|"
    # "she's now ninety-three"
    r"(?:you're|she's|he's)\s+now(?=\s+\d)|"
    # "I've put him on five litres... now ninety-four": after the pause
    r"(?:(?<=\.\.\.)|(?<=\.\.\.\s)|(?<=…)|(?<=…\s))now(?=\s+\d)|"
    # "he said it was down to a four"
    r"(?:it|that)(?:'s|\s+is|\s+was)\s+(?:back\s+)?down\s+to|"
    r"\bnow\b[^.?!]{0,40}?\b(?:you're|she's|he's|you\s+are|she\s+is|he\s+is|"
    r"they're|they\s+are)|"
    r"(?:this\s+morning's|today's|tonight's|the\s+latest|latest|the\s+last\s+one)\s+(?:one\s+)?(?:is|was)|"
    r"(?:it|they|he|she)(?:'s|'ve|\s+has|\s+have)?\s+(?:come|gone|dropped|risen|fallen|"
    r"crept|climbed|settled|improved|recovered|fell|rose|came|went)(?:\s+back)?"
    r"(?:\s+(?:up|down))?\s+(?:to|at)|"
    r"now\s+(?:she's|he's|you're|she\s+is|he\s+is|you\s+are))"
    r"\s+(?:(?:a|an|at|about|around|like|now|sitting\s+at|only|just|sort\s+of|kind\s+of|"
    r"(?:back\s+)?(?:down|up)\s+to|back\s+to|more\s+like|closer\s+to|"
    r"probably|maybe|roughly|solid|good|easily)\s+)*(?=\d)",
    re.I,
)
# A reading said as it is now: "sitting at ninety", "... now ninety-four".
_AS_IT_IS_NOW = re.compile(r"\b(?:sitting|now)\b", re.I)
# Parts of the body a rating may be asked of, which rate their pain.
_BODY_SITES = frozenset(
    re.findall(
        r"\S+",
        """
        head throat neck back chest tummy stomach belly abdomen hip hips knee knees
        leg legs arm arms shoulder shoulders ankle foot feet wrist hand ear tooth
        teeth jaw wound side elbow finger fingers toe toes pelvis groin joints joint
        stump incision scar bottom ribs
        """,
    )
)
# The words of asking for a rating: "what number would you give it, lying there now?"
_ASKING = frozenset(
    re.findall(
        r"\S+",
        """
        what which number would you give it rate score say put how is it's the
        lying sitting there here now right at moment
        """,
    )
)
# Symptoms a scale may rate that are no pain: "how's the sickness, out of ten?"
_RATED_NOT_PAIN = frozenset(
    re.findall(
        r"\S+",
        """
        nausea nauseous sickness sick breathlessness breathless breathing breath
        itch itching itchy anxiety anxious mood low fatigue tired tiredness sleep
        appetite dizziness dizzy energy stress worry craving cravings
        """,
    )
)


def _rates_a_symptom(text: str) -> bool:
    """Whether ``text`` rates a symptom that is no pain ("how's the nausea, out of
    ten?")."""
    return any(w in _RATED_NOT_PAIN for w in re.findall(r"[a-z]+", text.lower()))


# "How's that foot?", "how is the knee today": how a part of the body is.
_SITE_ASKED = re.compile(
    r"\bhow(?:'s|\s+is|\s+are|'re)\s+(?:the|that|your|his|her|this|those)\s+"
    r"(?:\w+\s+)?(?:" + "|".join(sorted(_BODY_SITES)) + r")\b",
    re.I,
)
# What may stand between the numbers a turn reads back: "One forty-six over
# ninety-two, sixty-eight", "okay it's 186".
_BETWEEN_READ_BACK = re.compile(
    r"[\s,.…:;/-]*(?:(?:over|and|by|on|okay|ok|right|so|yes|yeah|sir|doctor|sister|"
    r"that's|it's|is|was|um|uh)\b[\s,.…:;/-]*)*",
    re.I,
)
# "the leg's about four out of ten", "her back is a 6/10": a part of the body rated.
_SITE_RATED = re.compile(
    # ("Joints are a four out of ten": a plural said alone)
    r"\b(?:(?:the|his|her|my|your|their)\s+)?(?:"
    + "|".join(sorted(_BODY_SITES))
    + r")(?:'s|\s+is|\s+are|'re)\s+(?:(?:about|around|like|maybe|roughly|an?)\s+)*"
    r"(?:(?=\d+\s*(?:out\s+of|over|/)\s*10\b)"
    # "The incision's a six.": a rating said as one, ending its clause
    r"|(?<=\ba\s)(?=\d{1,2}\s*(?:[.!;]|$)))",
    re.I,
)
# What a reading is said on, after its number: "95 on room air", "93% on".
_READ_ON = re.compile(r"\s*(?:%|percent|per\s+cent)?\s*(?:on|in)\s+", re.I)
# An answer that first says the reading was just taken, and no more: "I've just done
# her obs."
_DONE_FIRST = re.compile(
    r"\W*(?:[a-z]+\s*:\s*)?(?:i've|i\s+have|we've|i)\s+just\s+(?:done|taken|checked|did|"
    r"took)\s+(?:\w+\s+){0,2}?(?:obs|observations|vitals|it|them|one)\W*$",
    re.I,
)
# A question of how many or how often, whose number is a count.
_ASKS_A_COUNT = re.compile(r"\bhow\s+(?:many|often|long)\b", re.I)
# "Interpreter: He says seven": a rating told for the one who gives it.
_SAYS_A_RATING = re.compile(
    r"\b(?:he|she|they)\s+says\s+(?:(?:it's|its|about|around|maybe|an?)\s+)*(?=\d)",
    re.I,
)
# "It's a four today", "about a 6": a number said as a rating.
_RATING_SAID = re.compile(r"\b(?:a|about|around|maybe|like)\s+(?:a\s+)?$", re.I)
# What may stand right before the asked type for "no" to deny all of it.
_ASKED_PLAINLY = re.compile(
    r"(?:^|[\s,.?:\]](?:any|your|the|in|of|some|much|no|at|for|with|got|have|having)"
    r"|[:\]?.,])\s*$",
    re.I,
)
# A follow-up question about now: "and right now?", "and today?", "at rest?"
_FOLLOW_UP = re.compile(
    r"\b(?:now|today|tonight|at\s+rest|at\s+the\s+moment|currently|this\s+morning)\b",
    re.I,
)
# "It's 102": the value of what was just said not to be.
_IT_IS = re.compile(r"(?:it's|it\s+is|they're|they\s+are)\b", re.I)
# "I'll check your sugar", "let me take your temperature": a reading about to be
# taken, whose value the next words read off.
_ANNOUNCED = re.compile(
    r"\b(?:i'll|ill|i\s+will|let\s+me|let's|i'm\s+(?:just\s+)?going\s+to|we'll|i\s+need\s+to|"
    r"shall\s+(?:we|i)|do\s+you\s+want\s+me\s+to|(?:can|could)\s+we|"
    r"(?:(?:i'm|i\s+am)\s+)?(?:just\s+)?(?:gonna|going\s+to))"
    r"\s+(?:just\s+)?(?:quickly\s+)?(?:check|do|take|get|recheck|measure|pop|run|see|"
    r"look\s+at|have\s+a\s+look\s+at|put|try)\b"
    # "Have you checked his sugar? - Doing it now... 5.9"
    r"|\bdoing\s+(?:it|one)\s+now\b"
    # "just popping this on your finger. Ninety-six percent"
    r"|\b(?:i'm\s+)?just\s+(?:popping|putting|clipping)\s+(?:this|it|the)\b"
    # "Here now I check, 7.8": the present said of what is being done
    r"|\b(?:now|here)\s+(?:now\s+)?i\s+(?:check|take|do|measure|recheck)\b(?=\s*[,.…])"
    # "just your temperature now.": the reading named as the next one
    r"|\b(?:your|her|his|the)\s+(?:[\w']+\s+){0,2}?(?:now|next|first)\s*$",
    re.I,
)
# A sentence that opens with its number, after fillers: "Okay, 6.6, lovely."
_OPENS_WITH_NUMBER = re.compile(
    r"[\s,.…]*(?:[a-z]+\s*:\s*)?"
    r"(?:(?:okay|ok|right|so|and|um|uh|erm|yeah|yes|yep|that's|thats|it's|its|thanks|"
    r"hold\s+on|hang\s+on|"
    r"there|now\s+is|now\s+it's|now|"
    r"one\s+minute|one\s+moment|there\s+we\s+go|let\s+me\s+see|it\s+says?|it's\s+saying|"
    r"it\s+is|that\s+is|it\s+was|"
    r"it's\s+showing|it\s+reads|it's\s+reading|it's\s+beeped|it's\s+going|"
    r"its\s+saying|its\s+showing|its\s+reading|"
    r"it's\s+done|"
    # "... it's irregular, ninety-two": how it is, then the reading
    r"(?:it's|its|it\s+is)\s+(?:a\s+bit\s+)?(?:regular|irregular|fast|slow|quick|low|high)|"
    # "Finger please... five point eight", "ok little prick five point six"
    r"(?:give\s+me\s+)?(?:your\s+)?finger(?:\s+please)?|please|little\s+(?:prick|scratch)|"
    r"sharp\s+scratch)[\s,.…]+)*(?=\d)",
    re.I,
)
# "ill do one here 8.8": the words that may stand between an announcement and its
# reading when no pause is written.
_FILLED = r"\s+(?:one|it|here|now|then|quickly|quick|again|for\s+you|your\s+\w+)"
_STRAIGHT_ON = re.compile(
    rf"(?:(?:{_FILLED}){{1,3}}\s+|(?:{_FILLED}){{0,3}}\s*,\s*)(?=\d)", re.I
)
# "I'll check your sugar now... it is 9.2": the reading after a pause.
_PAUSE = re.compile(
    r"(?:\.{3}|…)\s*(?:(?:it|that)(?:'s|s|\s+is|\s+says|\s+reads)\s+)?(?=\d)", re.I
)
# A heading of the patient's history, whose lines list what they have had: "PSH:",
# "Past surgical history:", "Allergies:" (not "Procedure: lumbar puncture", what is
# done now).
_HISTORY_HEADING = re.compile(
    r"\b(?:psh|pshx|history|hx|previous|past|prior)\b|^\s*(?:drug\s+)?allerg\w*\s*$",
    re.I,
)
# A heading's line that lists something, and one that lists nothing.
_LISTED = re.compile(r"\s*([A-Za-z][^\n]*?)\s*$")
_LISTS_NONE = re.compile(
    r"\W*(?:(?:says|reports|states)\s+)?(?:no|nil|none|nothing|nkda|nka|nkfa|nkma|n/?a|unknown|not\s+known|nad|"
    r"denies|see\s+(?:above|below|pmh))\b|\W*$",
    re.I,
)
# A question about what is to come: its yes is no background.
_PLANNED = re.compile(
    r"\b(?:planned|booked|scheduled|coming\s+up|going\s+to\s+have|waiting\s+for|"
    r"lined\s+up)\b",
    re.I,
)
# A rating's scale right after its number: "two out of ten".
_OUT_OF_TEN = re.compile(r"\s+(?:out\s+of|over)\s+10\b", re.I)
# A line that opens by asking what a value is: "okay what's his resp rate".
_OPENS_A_QUESTION = re.compile(
    r"\W*(?:[a-z]+\s*:\s*)?(?:(?:okay|ok|and|so|right|um|uh)\W+)*"
    r"(?:what's|what\s+is|what\s+was|how's|how\s+is)\b",
    re.I,
)
# A reading asked for, not as a question: "Rectal temp, please."
_ASKED_FOR = re.compile(r",?\s*please\W*$", re.I)
# What an announcement measures when it names no type: "I'll do one now".
_ONE_OR_IT = re.compile(r"\b(?:it|one|another|this)\b", re.I)
# "Now I check, 36.8": a check with no object is of the type named before.
_OBJECTLESS = re.compile(r"\b(?:check|recheck|measure)\s*[,.…]", re.I)
# What a question's words say of the answer to it: another person, another time.
_ASKED_CARRIES = frozenset({"other", "historical"})
# A heading of a record and the rest of its line: "PSH: R total hip replacement
# 2014", "Previous procedures: EVL x 3".
_HEADING = re.compile(
    # (a lookahead: a line's heading and one after a stop in it, "PMH: none. PSH:
    # appendectomy 2015", overlap; each answers up to the next)
    rf"(?:^|(?<=[.;] ))(?=[ \t]*({HEADING_WORDS})[ \t]*:[ \t]*"
    rf"(\S(?:(?![.;] +(?:{HEADING_WORDS})[ \t]*:)[^\n])*))",
    re.M,
)
# An answer that opens by saying yes, after fillers: "Aye, they stopped it".
_OPENS_WITH_YES = re.compile(
    r"\W*(?:(?:um|uh|uhm|oh|so|well|ah|mm)\W+)*"
    r"(?:yes|yeah|yep|yup|aye|ya|correct|that's\s+right|that\s+is\s+right|right|"
    # "He is, he was telling me all about the hurling."
    r"(?:i|she|he|they|we)(?:'m|\s+am|\s+is|\s+are|'s|'re)(?=\W*$|\s*,))\b",
    re.I,
)
# A sentence's stop (not a decimal point).
_STOP = re.compile(r"(?<!\d)[.;](?=\s|$)|(?<=\d)\.(?!\d)")
# A speaker's label that opens a line: "HCA: ", "Staff nurse: ".
_SPEAKER_LABEL = re.compile(r"[ \t]*[A-Za-z][A-Za-z .'-]{0,24}:[ \t]*")
# A question of another time: its yes says nothing of now.
_EARLIER = frozenset({"historical", "past", "episodic"})
_ASKED_OF_BEFORE = re.compile(
    r"\b(?:before|ever|previously|in\s+the\s+past|used\s+to|yesterday|last\s+night)\b",
    re.I,
)
# What keeps a question's value from its yes: a denial in the question or the
# answer, a plan or a wish, doubt, another person, a target.
_NOT_CONFIRMED = frozenset(
    {
        "negated", "denied", "hypothetical", "other", "uncertain", "target",
        "forbidden", "idiom", "usual", "instruction",
    }
)  # fmt: skip


class AnswerReader(NumberBinder):
    """The binder, with what questions and answers bind."""

    def answers(self) -> None:
        """ "What's your pain now? - It's a 5.": a question naming one type, with
        no value, is answered by the one number that opens the next sentence."""
        sentences = self.context.sentences
        for index, ((q_start, q_end), (a_start, a_end)) in enumerate(
            zip(sentences, sentences[1:], strict=False)
        ):
            if _DONE_FIRST.match(self.norm.text, a_start, a_end) and index + 2 < len(
                sentences
            ):
                # "Has she got a temperature? - I've just done her obs. Thirty-seven
                # point nine": the answer after saying it was taken
                a_start, a_end = sentences[index + 2]
            if not (
                self.norm.text[q_end:a_start].lstrip().startswith("?")
                # "Rectal temp, please. - Forty point six.": a reading asked for
                or _ASKED_FOR.search(self.norm.text, q_start, q_end)
                # "dr: okay whats his resp rate / nurse: twenty six": a question a
                # recogniser wrote with no mark, answered on the next line
                or (
                    _OPENS_A_QUESTION.match(self.norm.text, q_start, q_end)
                    and "\n" in self.norm.text[q_end:a_start]
                )
            ):
                continue
            asked = [m for m in self.kept if q_start <= m.start < q_end]
            types = [m for m in asked if m.kind == "type"]
            # The answer up to the first type it names ("Thirty eight point nine, and
            # her sugar's eleven point four": the sugar has its own value).
            a_end = min(
                (m.start for m in self.kept if a_start <= m.start < a_end),
                default=a_end,
            )
            numbers = [
                n
                for n in self.all_numbers
                if a_start <= n.start < a_end
                and not self._consumed(n)
                and not self._other_quantity(n)  # "a 6 out of 10": the 10
            ]
            in_question = any(
                q_start <= n.start < q_end and not self._consumed(n)
                for n in self.all_numbers
            )
            answer_types = [m for m in self.kept if a_start <= m.start < a_end]
            # One type asked about, however often named ("rate the pain ... the
            # least amount of pain"), and nothing else.
            one_type = len({m.type for m in types}) == 1 and len(types) == len(asked)
            if not one_type or in_question or answer_types:
                continue
            if _ASKS_A_COUNT.search(self.norm.text, q_start, q_end):
                continue  # "how many days do you get the headache? - Eight"
            if len(numbers) != 1 or numbers[0].start in self.used:
                continue
            # "P: I would say, right now, about a 6": a spoken answer takes words.
            if content_words(self.norm.text[a_start : numbers[0].start]) > 10:
                continue
            # The question's time and person carry to the answer ("what was it
            # yesterday?"); its modal verbs ("how would you rate it?") do not.
            asked_context = self.context.attributes(types[-1].start, types[-1].end)
            if TAKEN_NOW.search(self.norm.text, a_start, numbers[0].start):
                # "Have you checked her sugar? - Doing it now... 5.9": taken now
                asked_context -= {"historical", "past"}
            self.bind(types[-1], numbers[0], asked_context & _ANSWER_CARRIES)

    def corrections(self) -> None:
        """ "Pulse 80. No, 84.", "BM was 2.4. Rechecked now and it's 6.9.", "The
        heart rate's not 120. It's 102.": a sentence that opens with a correction
        or a recheck, or with "it's" after a value denied, and says one number and
        no type gives the last reading of the sentence before its new value; a
        correction said as a sentence of its own ("Sats 91. No wait. 95.") opens
        the sentence after it."""
        sentences = self._corrections_joined()
        for (p_start, p_end), (c_start, c_end) in zip(
            sentences, sentences[1:], strict=False
        ):
            denied_before = any(
                f.statement.family == "data"
                and p_start <= f.target < p_end
                and "denied" in f.context
                for f in self.found
            )
            opens = any(
                m.category in ("correction", "sequence")
                and c_start <= m.start
                and content_words(self.norm.text[c_start : m.start]) == 0
                for m in self.context.modifiers
            ) or (denied_before and _IT_IS.match(self.norm.text, c_start) is not None)
            if not opens:
                continue
            # "sorry, ninety-four only, on two litres": what the sentence names after
            # its number is said of it, not instead of it
            first_number = min(
                (n.start for n in self.all_numbers if c_start <= n.start < c_end),
                default=c_end,
            )
            if any(c_start <= m.start < first_number for m in self.kept):
                continue
            c_end = min(
                (m.start for m in self.kept if first_number <= m.start < c_end),
                default=c_end,
            )
            numbers = [
                n
                for n in self.all_numbers
                if c_start <= n.start < c_end
                and n.start not in self.used  # "on two litres": bound already
                and not self._consumed(n)
                and not self._other_quantity(n)
            ]
            before = [
                f
                for f in self.found
                if f.statement.family == "data" and p_start <= f.target < p_end
            ]
            if len(numbers) != 1 or numbers[0].start in self.used or not before:
                continue
            last = max(before, key=lambda f: f.target)
            number = numbers[0]
            self.bind(
                Mention("type", last.statement.type, number.start, number.end), number
            )

    def _corrections_joined(self) -> list[tuple[int, int]]:
        """The sentences, each that is a correction cue alone joined to the next."""
        joined: list[tuple[int, int]] = []
        pending: int | None = None
        for start, end in self.context.sentences:
            alone = any(
                m.category == "correction" and start <= m.start and m.end <= end
                for m in self.context.modifiers
            ) and not any(start <= n.start < end for n in self.all_numbers)
            words = content_words(self.norm.text[start:end])
            if alone and words <= 2:
                pending = start if pending is None else pending
                continue
            joined.append((start if pending is None else pending, end))
            pending = None
        return joined

    def _last_question(self, start: int, end: int) -> tuple[int, list[Mention]]:
        """The last sentence of a clinician's turn that names a type, and its
        mentions ("... your temp is 37.2. Any pain? Zero to ten." asks for pain);
        a scale with no type asks for the alphabet's one self-reported type."""
        sentences = [s for s in self.context.sentences if s[0] < end and s[1] > start]
        for s_start, s_end in reversed(sentences):
            s_start = max(s_start, start)  # after the speaker's label
            # ("Welcome back for day three": a count names nothing asked)
            named = [
                m
                for m in self.kept
                if s_start <= m.start < s_end and m.kind not in ("count", "hidden")
            ]
            if named:
                return s_start, named
            scale = next(((a, b) for a, b in self.scales if s_start <= a < s_end), None)
            rated = self._rated_type(scale[0]) if scale is not None else None
            if rated is not None and self._bare(s_start, s_end):
                return s_start, [rated]
        return start, []

    def _bare(self, start: int, end: int) -> bool:
        """Whether a sentence says little besides its scale ("and on a scale of
        nought to ten"): one that does ("how bad is your shortness of breath?")
        asks about something the alphabet does not record."""
        text = self.norm.text
        for a, b in sorted(self.scales, reverse=True):
            if start <= a < end:
                text = text[:a] + " " * (b - a) + text[b:]
        # A part of the body rated is its pain ("0 to 10, how's that throat?", "how's
        # the back now, sitting here, out of ten?"); a symptom rated is not.
        if _rates_a_symptom(text[start:end]):
            return False
        words = re.findall(r"[a-z]+", text[start:end].lower())
        allowed = 7 if any(w in _BODY_SITES for w in words) else 4
        asking = sum(w in _ASKING for w in words)  # "what would you give it"
        return content_words(text[start:end]) - asking <= allowed

    def _answered_none(self, question: Mention, start: int, end: int) -> bool:
        """ "Nurse: any pain at the moment Patient: no, none": an answer that opens
        with a denial and says no number gives the asked type's "none" value (a
        phrase of the alphabet worth 0, as "no pain")."""
        measurement = self.alphabet.measurements.get(question.type)
        answer = self.norm.text[start:end]
        if measurement is None or not _OPENS_WITH_NO.match(answer):
            return False
        said_in = self.context.sentence_of(question.start)
        if any(
            f.statement.type == question.type and said_in[0] <= f.target < said_in[1]
            for f in self.found
        ):
            return (
                False  # "pain about a three, ok, any allergies? - no": told, not asked
            )
        if not any(n == 0 for _, n in measurement.phrases):
            return False
        # "any chest pain? - no", "any headaches? - no": one kind of pain denied,
        # not every pain; the type's own first word, asked plainly, is all of it
        said = self.norm.text[question.start : question.end].lower()
        if said != measurement.synonyms[0] or not _ASKED_PLAINLY.search(
            self.norm.text, 0, question.start
        ):
            return False
        if any(start <= n.start < end for n in self.all_numbers):
            return False
        denial = _OPENS_WITH_NO.match(answer)
        assert denial is not None
        self.add(
            Statement("data", question.type, Decimal(0)), start, start + denial.end()
        )
        return True

    def announced_values(self) -> None:
        """ "I'll check your sugar while I'm here. Eight point one.", "Could you do
        it now for me? - Hold on... 37.9": a sentence announcing a reading, or
        asking the patient to take one now, of one type (named, or "it"/"one" for
        the type named before), then, within the next three sentences and before
        any other type is named, a sentence that opens with a number (the
        clinician's, or the patient's when asked): that number is the reading, in
        the context of its own words."""
        text = self.norm.text
        sentences = self.context.sentences
        for index, (start, end) in enumerate(sentences):
            if not (
                _ANNOUNCED.search(text, start, end)
                or MEASURE_NOW.search(text, start, end)
            ):
                continue
            # (a condition said beside it names no reading: "being diabetic, do you
            # want me to check your sugar?")
            named = [
                m for m in self.kept if start <= m.start < end and m.kind != "value"
            ]
            if any(m.kind != "type" for m in named):
                continue
            if not (
                named
                or _ONE_OR_IT.search(text, start, end)
                or _OBJECTLESS.search(text, start, end)
            ):
                continue
            pause = _PAUSE.search(text, start, end) or self._read_straight_on(
                start, end
            )
            said_in = [n for n in self.all_numbers if start <= n.start < end]
            if any(
                not self._consumed(n) and (pause is None or n.start < pause.start())
                for n in said_in
            ):
                continue
            # "I'll do one now then... 9.2": the reading after the pause.
            after_pause = [(pause.end(), end)] if pause else []
            for s_start, s_end in after_pause + sentences[index + 1 : index + 4]:
                s_start = next(
                    (e for s, e in self.context.labels if s == s_start), s_start
                )
                number = self._opening_number(s_start, s_end)
                # "Thirty-seven point eight, and heart rate ninety-six": other
                # types may follow the reading, none may come before it.
                if any(
                    s_start <= m.start < (number.start if number else s_end)
                    and m.kind != "value"
                    for m in self.kept
                ):
                    break
                following = min(
                    (m.start for m in self.kept if s_start <= m.start < s_end),
                    default=s_end,
                )
                unread = [
                    n
                    for n in self.all_numbers
                    if s_start <= n.start < following and not self._consumed(n)
                ]
                if (
                    number is None
                    or len(unread) > 1
                    or (
                        self.context.in_patient_turn(s_start)
                        and not self.context.measured_on_request(s_start)
                    )
                ):
                    continue
                # "I'll check your sats and pulse. ... Ninety-six, and pulse
                # seventy-four": the reading is of the one announced type its
                # sentence does not name.
                named_after = {m.type for m in self.kept if s_start <= m.start < s_end}
                left = list(
                    {m.type: m for m in named if m.type not in named_after}.values()
                )
                if len({m.type for m in named}) > 1 and len(left) != 1:
                    break
                said = (
                    left[0]
                    if left
                    else named[0]
                    if named
                    else self._referent(start, start, number)
                )
                if said is not None:
                    self.bind(
                        Mention("type", said.type, number.start, number.end), number
                    )
                break

    def _read_straight_on(self, start: int, end: int) -> re.Match[str] | None:
        """ "ok ill do one here eight point eight": in a line with no pause marked,
        the number said right after the announcement (a few words such as "one
        here" between) is the reading."""
        announced = _ANNOUNCED.search(self.norm.text, start, end)
        if announced is None:
            return None
        return _STRAIGHT_ON.match(self.norm.text, announced.end(), end)

    def _opening_number(self, start: int, end: int) -> NumberToken | None:
        """The unread number a sentence opens with, if any."""
        opening = _OPENS_WITH_NUMBER.match(self.norm.text, start, end)
        if opening is None:
            return None
        number = next((n for n in self.all_numbers if n.start == opening.end()), None)
        if (
            number is None
            or number.start in self.used
            or self._consumed(number)
            or self._other_quantity(number)
        ):
            return None
        return number

    def pronoun_values(self) -> None:
        """ "I'll put this in your ear for your temperature ... so that came back
        thirty seven point six": a number said of "it" or "that", with no type
        word before it, is a value of the type named in the sentences before it
        whose range admits it; when none does, or two would, nothing."""
        text = self.norm.text
        for start, end in self.context.sentences:
            for said in _PRONOUN_VALUE.finditer(text, start, end):
                number = next(
                    (n for n in self.all_numbers if n.start == said.end()), None
                )
                if (
                    number is None
                    or number.start in self.used
                    or self._consumed(number)
                    or self._other_quantity(number)
                ):
                    continue
                referent = self._referent(start, said.start(), number) or self._read_on(
                    number
                )
                if referent is None and _AS_IT_IS_NOW.search(said.group()):
                    # "on one liter nasal cannula sitting at ninety", "sitting at
                    # ninety on his two litres", "on five litres... now ninety-four":
                    # the reading taken on the oxygen its sentence (or the one its
                    # pause ended) gives, as it is now
                    before = self.context.sentence_before(start)
                    given = self._read_on_given(before[0] if before else start, end)
                    referent = self._admitting(given, number)
                if (
                    referent is None
                    and (
                        _OUT_OF_TEN.match(text, number.end)
                        or self._scale_asked_before(start)
                    )
                    and not _rates_a_symptom(text[start:end])
                ):
                    # "She's two out of ten now": a rating of the patient is the
                    # alphabet's one self-reported type
                    referent = self._rated_type(number.start)
                if referent is not None:
                    # "and now she's sitting at 93": said of now
                    now = re.search(r"\bnow\b", said.group(), re.I) is not None
                    self.bind(referent, number, frozenset({"now"} if now else ()))

    def site_ratings(self) -> None:
        """ "He's alert, the leg's about four out of ten": a part of the body rated
        on a scale of ten is its pain, the alphabet's one self-reported type; so is
        a rating told for the one who gives it after the scale was asked ("Out of
        ten? - He says seven")."""
        text = self.norm.text
        said_of = [(m, False) for m in _SITE_RATED.finditer(text)] + [
            (m, True) for m in _SAYS_A_RATING.finditer(text)
        ]
        for said, relayed in said_of:
            number = next((n for n in self.all_numbers if n.start == said.end()), None)
            if number is None or number.start in self.used or self._consumed(number):
                continue
            sentence = self.context.sentence_of(said.start())
            if relayed and not (
                _OUT_OF_TEN.match(text, number.end)
                or self._scale_asked_before(sentence[0])
            ):
                continue
            rated = self._rated_type(said.start())
            if rated is not None:
                self.bind(rated, number)

    def _read_on(self, number: NumberToken) -> Mention | None:
        """ "now he's ninety-five on room air": the type whose reading is said on
        the value after the number (the saturation's air or oxygen), when one is."""
        on = _READ_ON.match(self.norm.text, number.end)
        if on is None:
            return None
        said_on = {
            m.type for m in self.kept if m.kind == "value" and m.start == on.end()
        }
        read = [m for m in self.alphabet.measurements.values() if m.pair in said_on]
        if len(read) != 1:
            return None
        return Mention("type", read[0].name, number.start, number.start)

    def _scale_asked_before(self, start: int) -> bool:
        """ "ask her what it is out of ten - she says its a nine": whether one of
        the two sentences before the one at ``start`` asks for a rating on a scale,
        of no symptom but pain ("the pain, from zero to ten? - Saba. - She says
        seven": the patient's own answer between)."""
        before = [s for s in self.context.sentences if s[1] <= start][-2:]
        return any(
            any(s_start <= a < s_end for a, _ in self.scales)
            and not _rates_a_symptom(self.norm.text[s_start:s_end])
            for s_start, s_end in before
        )

    def _rated_type(self, position: int) -> Mention | None:
        """The alphabet's one self-reported type, named at ``position``, for a
        rating said of the patient; None when it has none or several."""
        rated = [m for m in self.alphabet.measurements.values() if m.self_reported]
        if len(rated) != 1:
            return None
        return Mention("type", rated[0].name, position, position)

    def _referent(
        self, sentence_start: int, said: int, number: NumberToken
    ) -> Mention | None:
        """The type named before ``said``, in its sentence or the eight before it
        (short turns of a dialogue), that admits ``number``; None when two types
        named there would."""
        earlier = [s for s in self.context.sentences if s[1] <= sentence_start][-8:]
        first = earlier[0][0] if earlier else sentence_start
        # Not a pair's second ("all over the place" names no diastolic pressure).
        named = [
            m
            for m in self.kept
            if m.kind == "type"
            and first <= m.start < said
            and m.type not in self.seconds
        ]
        # "NIHSS was 9 and it's down to 5": "it" is the measure named last, one the
        # alphabet does not record.
        last = max(
            (
                m
                for m in self.kept
                if m.kind in ("type", "other") and first <= m.start < said
            ),
            key=lambda m: m.start,
            default=None,
        )
        if last is not None and last.kind == "other":
            return None
        # "SpO2 was 94% on room air so we put her on 2 litres and now it is 97%": a
        # type named in the same sentence is the nearest referent.
        own = [m for m in named if m.start >= sentence_start]
        if own and (found := self._admitting(own, number)) is not None:
            return found
        # "she was 88% on room air, so ... and now she's sitting at 93": failing
        # the types named before, a value of the sentence named by its unit
        return self._admitting(named, number) or self._admitting(
            [
                Mention("type", f.statement.type, f.target, f.target)
                for f in self.found
                if f.statement.family == "data"
                and sentence_start <= f.target < said
                and f.statement.type not in self.seconds
            ],
            number,
        )

    def _read_on_given(self, start: int, end: int) -> list[Mention]:
        """The measurement read on the air or oxygen said between ``start`` and
        ``end`` (a value of its pair, or of what implies one: a flow, a device)."""
        given = {f.statement.type for f in self.found if start <= f.target < end} | {
            m.type for m in self.kept if m.kind == "value" and start <= m.start < end
        }
        on = taken_on(self.alphabet)
        return [
            Mention("type", m.name, end, end)
            for m in self.alphabet.measurements.values()
            if m.pair in on and given & on[m.pair]
        ]

    def _admitting(self, named: list[Mention], number: NumberToken) -> Mention | None:
        """The last of ``named`` whose type admits ``number``, when one type does."""
        admits = []
        for mention in reversed(named):
            measurement = self.alphabet.measurements[mention.type]
            value, _ = value_converted(
                measurement, number.value, None, self.units_used
            )  # 99.5 °F
            try:
                self._checked(mention.type, value)
            except ValueError:
                continue
            admits.append(mention)
        kinds = {m.type for m in admits}
        if len(kinds) != 1:
            return None
        return admits[0]

    def turn_answers(self) -> None:
        """ "D: How would you rate the pain, 10 being the worst. P: I'd say about a
        5.": in a transcript, the question that ends a clinician's turn, naming one
        type and giving no value, is answered by the numbers of the patient's turn
        after it; a rating scale asked alone ("on a scale of nought to ten") asks
        for the one self-reported type, and "any pain? - no" answers its none."""
        turns = self.context.turns
        read_back = self.read_backs()
        before: list[Mention] = []
        site_asked: tuple[int, int] | None = None
        for (_, q_end, q_patient), (a_start, a_end, a_patient) in zip(
            turns, turns[1:], strict=False
        ):
            if q_patient or not a_patient:
                continue
            turn_start = next(s for s, e, _ in turns if e == q_end)
            q_start, asked = self._last_question(turn_start, q_end)
            if not any(m.kind == "type" for m in asked):
                # "how's the tummy after the operation? - Five out of ten"
                site = self._site_rated(turn_start, q_end, a_start, a_end)
                if site:
                    asked = site
                    q_start = self.context.sentence_of(site[0].start)[0]
                elif _SITE_ASKED.search(self.norm.text, turn_start, q_end):
                    site_asked = (turn_start, q_end)  # "hows the leg been"
            if _ASKS_A_COUNT.search(self.norm.text, q_start, q_end):
                continue  # "how many days a month do you get the headache?"
            if asked:
                before = asked
            elif self._asked_again(turn_start, q_end):
                asked = before  # "and right now?": the question before, again
                if not asked and site_asked is not None:
                    # "hows the leg been - giving me gyp at night - whats it like
                    # now sat there - now its a four"
                    asked = self._site_rated(*site_asked, a_start, a_end)
            types = {m.type for m in asked if m.kind == "type"}
            # "How's the pain since your operation?": a value named beside the
            # type takes no number.
            if len(types) != 1 or any(m.kind not in ("type", "value") for m in asked):
                continue
            unread = [
                n
                for n in self.all_numbers
                if not self._consumed(n)
                and not self._other_quantity(n)
                and n.start not in self.used
            ]
            if any(
                q_start <= n.start < q_end and n.start not in read_back for n in unread
            ):
                continue
            if self._answered_none(asked[0], a_start, a_end):
                continue
            # The answer may name the asked type again ("The sharp chest pain? I'd
            # say a 7"): the question's context ("when it occurs") still holds.
            if any(
                a_start <= m.start < a_end
                and (m.kind, m.type) != ("type", *types)
                # "sat here", "bad week": words of no type, counting no number
                and m.kind not in ("hidden", "count")
                for m in self.kept
            ):
                continue
            numbers = [n for n in unread if a_start <= n.start < a_end]
            # "Right now, probably a 5, but it was like a 7 yesterday": each number
            # is an answer, in its own context; which is now is resolved as usual.
            if (
                not numbers
                or len(numbers) > 3
                or any(n.start in self.used for n in numbers)
            ):
                continue
            question = next(m for m in asked if m.kind == "type")
            if (
                len(numbers) > 1
                and not self.alphabet.measurements[question.type].self_reported
            ):
                continue  # "it says 95, and the other number's 88": two readings

            asked_context = self.context.attributes(question.start, question.end)
            for number in numbers:
                self.bind(question, number, asked_context & _ANSWER_CARRIES)

    def read_backs(self) -> set[int]:
        """Starts of the numbers a turn opens by reading back from the turn
        before ("- It's pumping... one forty-six over ninety-two. - One forty-six
        over ninety-two, sixty-eight. Still a bit high."): the run of numbers,
        with only "over", "and" or fillers between, whose values the turn before
        said: they ask nothing of the turn after them (they are still read, since
        the clinician often names their types: "Ninety-six is your oxygen")."""
        text = self.norm.text
        turns = self.context.turns
        found: set[int] = set()
        for (p_start, p_end, _), (start, end, _) in zip(turns, turns[1:], strict=False):
            said = {n.value for n in self.all_numbers if p_start <= n.start < p_end}
            cursor, run = start, list[int]()
            for number in (n for n in self.all_numbers if start <= n.start < end):
                if not _BETWEEN_READ_BACK.fullmatch(text, cursor, number.start):
                    break
                if number.value not in said:
                    run = []
                    break
                run.append(number.start)
                cursor = number.end
            found.update(run)
        return found

    def _site_rated(
        self, start: int, end: int, a_start: int, a_end: int
    ) -> list[Mention]:
        """ "How's that foot? - Killing me, nine out of ten": a question of how a
        part of the body is, answered with a rating ("out of ten", "about a four"),
        asks for its pain, the alphabet's one self-reported type; any other number
        ("it's 2 weeks now") answers nothing."""
        sentences = [s for s in self.context.sentences if s[0] < end and s[1] > start]
        site = _SITE_ASKED.search(self.norm.text, *sentences[-1]) if sentences else None
        if site is None:
            return []
        rated = [
            n
            for n in self.all_numbers
            if a_start <= n.start < a_end
            and not self._consumed(n)
            and (
                _OUT_OF_TEN.match(self.norm.text, n.end)
                or _RATING_SAID.search(self.norm.text, a_start, n.start)
            )
        ]
        # ("Yesterday it was a seven, today I'd say a three": each in its own
        # context, the type named where the site was asked)
        mention = self._rated_type(site.start()) if rated else None
        return [mention] if mention is not None else []

    def _asked_again(self, start: int, end: int) -> bool:
        """Whether a clinician's turn naming no type asks the question before
        again: a short follow-up about now ("and right now?"), or the scale
        explained after the patient asked back ("Sorry, out of what? - Out of
        ten, ten being the worst")."""
        text = self.norm.text
        if content_words(text[start:end]) <= 6 and _FOLLOW_UP.search(text, start, end):
            return True
        label = max((s for s, _ in self.context.labels if s <= start), default=-1)
        patient_asked = any(
            e == label and by_patient and text[s:e].rstrip().endswith("?")
            for s, e, by_patient in self.context.turns
        )
        return patient_asked and any(start <= a < end for a, _ in self.scales)

    def answered_in_other_words(self) -> None:
        """ "Any surgeries in the past? - I had my appendix taken out.": a question
        asking for one value of an ``[[answered]]`` block of the context rules,
        answered in that block's other words, is that value; the answer's own
        context (a denial, another person) and the question's time and person
        still apply."""
        for block in self.context.lexicon.answered:
            self._answered(block)

    def confirmed_values(self) -> None:
        """ "You're off the oxygen now, just on room air? - Aye.": a yes to a
        question that names one value of a state (not a background fact), in the
        question's last sentence, the answer naming none of its own, says the
        value is so; the question's
        time and person carry, as in :meth:`answered_in_other_words`."""
        text = self.norm.text
        for (q_start, q_end), (a_start, a_end), _ in self._questions_answered():
            asked_in = self._closing_question(q_start, q_end)
            if asked_in is None:
                continue
            asked = [
                m
                for m in self.kept
                if m.kind == "value" and asked_in[0] <= m.start < asked_in[1]
            ]
            named = {(m.type, m.value) for m in asked}
            if (
                len(named) != 1
                or self._background(asked[0].type)
                or any(
                    m.kind == "value" and a_start <= m.start < a_end for m in self.every
                )
            ):
                continue
            # "Nurse: Is he alert? / HCA: Yes, chatting away": between staff the
            # answer is the next line, after its speaker's label.
            label = _SPEAKER_LABEL.match(text, a_start, a_end)
            if label is not None:
                a_start = label.end()
            answer = text[a_start:a_end]
            yes = _OPENS_WITH_YES.match(answer)
            if yes is None:
                continue
            said = self.context.attributes(asked[0].start, asked[0].end)
            if (
                "question" not in said
                or said & (_NOT_CONFIRMED | _EARLIER)
                or _ASKED_OF_BEFORE.search(text, *asked_in)
            ):
                continue  # ("Have you been confused before? - Yes": not now)
            if self.context.attributes(a_start, a_start + yes.end()) & _NOT_CONFIRMED:
                continue
            ((type_name, value),) = named
            self.add(
                Statement("condition", type_name, value),
                a_start + yes.start(),
                a_start + yes.end(),
                extra=said & _ASKED_CARRIES,
            )

    def _background(self, type_name: str) -> bool:
        """Whether a condition keeps every value ever said (a background fact):
        its yes is an ``[[answered]]`` block's to give ("tested for diabetes? -
        yeah" is no diagnosis)."""
        condition = self.alphabet.conditions.get(type_name)
        return condition is None or condition.accumulates

    def _closing_question(self, start: int, end: int) -> tuple[int, int] | None:
        """The sentence of ``[start, end)`` that asks last, when it closes the span
        (a question the answer answers)."""
        inside = [s for s in self.context.sentences if s[0] < end and start < s[1]]
        if not inside:
            return None
        last = inside[-1]
        if not self.norm.text[last[1] : last[1] + 2].lstrip().startswith("?"):
            return None
        return last

    def _answered(self, block: Answered) -> None:
        text = self.norm.text
        for (q_start, q_end), (a_start, a_end), by_heading in self._questions_answered(
            each_question=True
        ):
            asked = {
                (type_name, value)
                for type_name, value, words in block.asked
                if words.search(text, q_start, q_end)
            }
            answer_values = [
                m
                for m in self.every
                if m.kind == "value" and a_start <= m.start < a_end
            ]
            if len(asked) != 1 or answer_values:
                continue
            # The answer alone, so that "^" is its start ("Yeah, I do").
            answer = text[a_start:a_end]
            said = [p.search(answer) for p in block.said]
            match = min((m for m in said if m), key=lambda m: m.start(), default=None)
            if (
                match is None
                and by_heading
                and _HISTORY_HEADING.search(text, q_start, q_end)
            ):
                # "PSH: R TKR 2015, TURP 2019": what a history heading lists is so,
                # whatever its words, unless they deny it ("PSH: nil", "NKDA")
                match = _LISTED.match(answer)
                if match is None or _LISTS_NONE.match(answer):
                    continue
            if match is None:
                continue
            # "Yeah, no, none.", "No, never had anything removed.": a denial; "No,
            # actually I had my appendix taken out" takes it back.
            if _OPENS_WITH_NO.match(answer) and not _TAKEN_BACK.search(
                answer, 0, match.start()
            ):
                continue
            if _PLANNED.search(text, q_start, q_end):
                continue  # "is there any surgery planned? - yeah, next month"
            ((type_name, value),) = asked
            carried = self.context.attributes(q_start, q_end) & _ASKED_CARRIES
            self.add(
                Statement("condition", type_name, value),
                a_start + match.start(),
                a_start + match.end(),
                extra=carried,
            )

    def _questions_of_turn(self, start: int, end: int) -> list[tuple[int, int]]:
        """The sentences of a clinician's turn that ask ("It's Dr Banerjee from the
        surgery, you left a message? - I did" asks of no surgery); the whole turn
        when none is marked as a question, as a recogniser writes it."""
        asking = [
            (max(s, start), min(e, end))
            for s, e in self.context.sentences
            if s < end and e > start and self.context.asks((s, e))
        ]
        return asking or [(start, end)]

    def _questions_answered(
        self, each_question: bool = False
    ) -> list[tuple[tuple[int, int], tuple[int, int], bool]]:
        """(question, answer, by a heading) spans: in a transcript a clinician's
        turn (each question of it, with ``each_question``) and the patient's turn
        after it; otherwise a sentence ending in "?" and the sentence after it,
        and a record's heading and the line it heads ("PSH: cholecystectomy 2009"
        answers what the heading asks)."""
        turns = self.context.turns
        if turns:
            return [
                (question, (a_start, a_end), False)
                for (q_start, q_end, q_patient), (a_start, a_end, a_patient) in zip(
                    turns, turns[1:], strict=False
                )
                if not q_patient and a_patient
                for question in (
                    self._questions_of_turn(q_start, q_end)
                    if each_question
                    else [(q_start, q_end)]
                )
            ]
        sentences = self.context.sentences
        return [
            (question, answer, False)
            for question, answer in zip(sentences, sentences[1:], strict=False)
            if self.norm.text[question[1] : answer[0]].lstrip().startswith("?")
        ] + [
            (heading.span(1), self._heading_answer(heading), True)
            for heading in _HEADING.finditer(self.norm.text)
        ]

    def _heading_answer(self, heading: re.Match[str]) -> tuple[int, int]:
        """What a heading's line answers: to the next heading, or, for a heading
        inside prose ("... on tablets. Past procedures: PTCA (2019). He is
        allergic to sulpha."), to the end of its sentence."""
        start, end = heading.span(2)
        line_start = heading.start() == 0 or self.norm.text[heading.start() - 1] == "\n"
        stop = None if line_start else _STOP.search(self.norm.text, start, end)
        return (start, stop.start() if stop else end)

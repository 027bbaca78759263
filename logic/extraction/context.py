"""The ConText algorithm over ward language: what the words around a value say of it.

ConText (Chapman et al. 2007; Harkema et al., J Biomed Inform 2009) finds modifier
cues in a sentence ("yesterday", "goal", "might need", "not") and gives each a
category, a direction and a scope of words; a target inside the scope of a cue
carries its category. The categories, directions and scopes follow medspaCy's
ConText; the lexicon is ``context_rules.toml`` (ward language, edited by clinical
leads). medspaCy itself is not used: it needs spaCy < 3.8 and so numpy < 2, which
the speech stack's numpy 2 excludes (see docs/extraction.md).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from logic.extraction.numbers import normalize

RULES_FILE = Path(__file__).with_name("context_rules.toml")

# Categories that keep a value from becoming a fact.
EXCLUDING = frozenset(
    [
        "historical",
        "hypothetical",
        "target",
        "episodic",
        "uncertain",
        "negated",
        "denied",
        "other",
        "instruction",
        "forbidden",
        "unmeasured",
        "question",
        # a number trailed off after and said again ("Pulse 102... sorry, 112")
        "broken",
        # a change said to be as usual ("pleasantly muddled as usual"): only values
        # that mean a change keep it (the binder takes it off the rest)
        "usual",
    ]
)
_DIRECTIONS = frozenset(
    [
        "forward",
        "backward",
        "bidirectional",
        "terminate",
        "rest",
        "sentence",
        "before",
        "section",
        "within",
        "none",
    ]  # fmt: skip
)
# A reading the patient's side says it took just now ("I did them just now"), or
# reads off a device that is on now.
_DONE_JUST_NOW = re.compile(
    r"\b(?:(?:i|we)\s+(?:did|took|checked|done)\s+(?:them|it|his|her|the)\b"
    r"[^.?!]{0,20}?\bjust\s+now|"
    r"(?:i|we)(?:'ve|\s+have)\s+just\s+(?:done|taken|checked)|"
    # "I just did them. Temperature 37.4"
    r"(?:i|we)\s+just\s+(?:did|took|checked)\s+(?:them|it|his|her|the)\b|"
    # counted as the speaker watched: "I counted twenty-six"
    r"(?:i|we)\s+(?:just\s+)?counted)\b"
    # said without its subject: "Yes, just done them."
    r"|(?:^|[:.,!]\s*)(?:yes|yeah|yep)?[\s,]*just\s+(?:done|did|taken|took|checked)"
    r"\s+(?:them|it|his|her|the|a\s+(?:full\s+)?set)\b"
    # the device on now: "Yeah, it's on... ninety-six", "I've popped it on, 97"
    r"|\bit(?:'s|\s+is)\s+on(?=\s*(?:now\b|\.{3}|…|,))"
    r"|\b(?:i|we)(?:'ve|\s+have)\s+(?:just\s+)?(?:put|popped|clipped)\s+it\s+on\b"
    # done as the clinician watches on a call: "to do her obs with you watching"
    r"|\b(?:with|while)\s+you(?:'re|\s+are)?\s+watch(?:ing)?\b",
    re.I,
)
# The setting a record's title names, and the cues that name it: in a record of the
# admission itself ("NURSING ADMISSION ASSESSMENT") admission is now, in a
# clinic's record ("Orthopaedic Clinic - postoperative visit") the clinic is.
_SETTING_NOW = (
    (
        re.compile(
            # ("Respite Admission – Nursing Assessment")
            r"\badmission[\s–—:-]+(?:nursing\s+|medical\s+)?"
            r"(?:assessment|clerking|note|history|h&p|documentation)\b|"
            r"\bclerking\b|"
            # a title that is an admission's ("Respite Admission - care home, Brora")
            r"\A[^\n]{0,40}\badmission[ \t]*(?:[–—:|-]|(?=\n))",
            re.I,
        ),
        # ("On arrival to ward 1530: Temp 38.0" in a ward's admission assessment)
        re.compile(
            r"(?:on|at)\s+admission|on\s+arrival(?:\s+to\s+(?:the\s+)?ward)?", re.I
        ),
    ),
    (
        # ("Student Health Center – Visit Note": "fingerstick in clinic 186")
        re.compile(
            r"\bclinic\b|\bhealth\s+cent(?:er|re)\b|\bvisit\s+note\b|\boutpatients?\b"
            r"|\bopd\b",
            re.I,
        ),
        re.compile(r"(?:in|at)\s+(?:the\s+)?clinic", re.I),
    ),
)
# A bracketed aside on one line, and a value in it (no time of day: "(2200 last
# night)" dates the reading before it).
_ASIDE = re.compile(r"\([^()\n]{1,120}\)")
_VALUE_IN_ASIDE = re.compile(r"(?<![:\d])\d{1,3}(?:\.\d+)?(?![:\d])")
# A relative's words of the patient: "could it be her sugar?", "Mum's".
_OF_THE_PATIENT = re.compile(
    r"\b(?:she|he|her|his|him|mum|mom|dad|mother|father|husband|wife)\b", re.I
)
# Words a relative says of themselves, who are someone else only in a relative's turn.
_RELATIVE_SELF = frozenset({"myself", "i'm", "i am", "i've got", "i have"})
# Ties a child calls a parent by, as by a name: "Mum's diabetic".
_TIES_AS_NAMES = frozenset({"mum", "mom", "dad", "mam"})
# The pronouns that give a person's sex.
_PRONOUN_OF_SEX = re.compile(r"\b(she's|she|her|he's|he|him|his)\b", re.I)
# A title before a surname, which gives its bearer's sex.
_TITLE = re.compile(r"\b(Mrs|Ms|Miss|Mr)\.?\s+(?=[A-Z])")
# A reading read off a device as it shows now: "the pulse bit says 102", "sats
# are showing 96" (against "it said 150 this morning").
_READ_OFF_NOW = re.compile(
    r"\b(?:says|is\s+saying|'s\s+saying|shows|is\s+showing|'s\s+showing|"
    r"are\s+showing|reads|is\s+reading|'s\s+reading)\s+(?:[a-z]+\s+){0,3}?"
    r"(?:(?:a|about|around|like)\s+)*$",
    re.I,
)
# The ward sister addressed by her title: "Sister, how is Mr Dlamini?", "Sore, sister."
_SISTER_ADDRESSED = re.compile(
    r"(?:^|[.!?:\n]\s*)sister\s*,|,\s*sister\s*[.!?]"
    r"|:\s*sister\s+(?=(?:what|how|can|could|is|are|have|has|do|did|please)\b)",
    re.I,
)
# "I'm ringing from Elm Court care home", "one of our residents": a carer of a home.
_CARE_HOME_STAFF = re.compile(
    r"\b(?:care|nursing|residential)\s+home\b|\bour\s+residents?\b", re.I
)
# What follows a record's field of the patient: an age and a sex ("Pt: 46M"), after
# their name or not.
_NAMED = r"[ \t]*(?:mr|mrs|ms|miss|mx|dr)\b\.?[^,\n:]{1,40},"
_AGE_AND_SEX = re.compile(
    # "Pt: Mrs K. Lakshmi, 52 y/o F": the name may come first; after a name, the
    # age alone will do ("Client: Mr Tom Gallagher, 81, lives alone")
    rf"(?:{_NAMED})?"
    r"[ \t]*\d{1,3}[ \t]*(?:-?[ \t]*(?:y/?o|yo|yrs?|years?(?:[ \t]+old)?|year-old)\b"
    r"(?:[ \t,]*/?[ \t]*(?:m|f|male|female|man|woman)\b)?"
    r"|/?[ \t]*(?:m|f|male|female|man|woman)\b)"
    rf"|{_NAMED}[ \t]*\d{{1,3}}\b(?![./]\d)",
    re.I,
)


def _a_record(listed: list[re.Match[str]], unlisted: list[re.Match[str]]) -> bool:
    """Whether lines that open with "Word:" are a record's headings ("Hx:", "Obs:",
    "Wound:", "Plan:"), not a transcript's speakers: three or more headings no list
    of speakers names, none said twice, beside one listed label at most (speakers
    take turns, so their labels come back)."""
    names = [label.group().rstrip(" :").lower() for label in unlisted]
    return len(listed) <= 1 and len(names) >= 3 and len(set(names)) == len(names)


# The words of a record's heading, before its colon: "PSH", "Previous procedures".
HEADING_WORDS = r"[A-Za-z][A-Za-z/&' -]{0,40}?"
# Where a heading's section ends: at a line that is no item of it (an item opens
# with a bullet or a number and a stop: "- recheck sugar", "2. wean O2").
_SECTION_END = re.compile(r"\n(?![ \t]*(?:[-•*]|\d{1,2}[.)])[ \t])")
# A sentence ends at . ! ? ; or a new line; not at a decimal point or an ellipsis
# ("BP... 150 over 95" is one sentence broken by a pause).
# ("...so temperature's 38.4": an ellipsis before words ends a sentence; before a
# number it is a pause inside one.)
_SENTENCE_END = re.compile(
    # (a written sheet's "|" parts its fields as lines do)
    # ("?meningitis", ", ?Lassa fever": a query written before a word asks nothing
    # of the sentence)
    r"[!;|\n]+|(?<![\s(])\?+(?![a-z])|(?<=[\s(])\?+(?![A-Za-z])|(?<![.\d])\.(?![.\d])|(?<=\d)\.(?!\d)|\.{3}(?=\s*[A-Za-z])"
    # (nor before a filler and a number: "one-oh-two over... um... fifty-eight")
    r"(?!\s*(?:(?:um|uh|er|erm|ah)\W+)+\d)"
)
_WORD = re.compile(r"[\w']+")
_BARE_NO = re.compile(
    r"\W*(?:(?:uh|um|uhm|er|oh|well|so)\W+)*(?:no|nope|none|nah|negative|not really)"
    r"(?:\W+(?:no|nothing|none|not really))*\W*",
    re.I,
)
_QUESTION_TAG = re.compile(
    # ("She allergic to penicillin, seen?": West African English "you see?")
    r"(?:^|[\s,])(?:right|you know|isn't it|is it not|not\s+so|ok|okay|yeah|yes|correct|seen|"
    r"don't you think|wouldn't you say|huh|eh|no|you\s+said|did\s+you\s+say|"
    # "he's confused compared with his usual, is that fair?"
    r"is\s+that\s+fair|is\s+that\s+right|would\s+that\s+be\s+fair|am\s+i\s+right|"
    r"would\s+you\s+agree|fair\s+to\s+say|"
    # "She's diabetic, isn't she?", "he's alert, don't you Bill?"
    r"(?:isn't|aren't|don't|doesn't|hasn't|haven't|wasn't|didn't)\s+(?:she|he|you|they|i|we)"
    r"(?:,?\s*[A-Z][a-z]+)?)\s*$",
    re.I,
)
_NUMBER = re.compile(r"(?<![A-Za-z])\d")
# A request after a statement: "..., so could you come and review her?"
# ("..., please can you come and see him now?")
_REQUEST = re.compile(
    r"[,;:]\s*(?:(?:so|and|but)\s+)?(?:please\s+)?(?:could|can|would|will)\s+"
    # ("... she's deteriorating, can the GP come out?")
    r"(?:you|someone|somebody|the\s+(?:gp|doctor|doc|reg|registrar|team|on-?call)\w*)\b",
    re.I,
)
_FILLERS = frozenset(
    [
        "um",
        "uh",
        "uhm",
        "umm",
        "er",
        "erm",
        "ah",
        "hmm",
        "mm",
        "ay",
        "eh",
        "oops",
        "whoops",
    ]
)
# What may open a sentence before its first cue: "Okay, and last time ...".
_LEADS = _FILLERS | {"okay", "ok", "alright", "so", "and", "well", "right", "now"}
# A label at a line's start that no list names: "ODP:", "FY1:", "Baraka:", "Mum
# (phone):" (one or two words, an aside in brackets).
_UNLISTED_LABEL = re.compile(
    r"(?m)^[A-Za-z][\w'.-]{0,15}(?:[ \t]+[A-Za-z0-9][\w'.-]{0,15})?"
    r"(?:[ \t]*\([^)\n]{1,30}\))?[ \t]*:(?=[ \t])"
)
# A title that makes a name staff ("Sister Kamara:", "Dr Hendry:").
_ROLE_WORD = re.compile(r"\b(?:dr|doctor|nurse|sister|matron|prof|professor)\b", re.I)
# "I'm Ayesha", "this is Jo": the speaker naming themselves, not being addressed;
# "I'll do your obs with Jo": the one a clinician works with, a colleague.
_NAMED_AS_STAFF = re.compile(
    r"\b(?:i'm|i\s+am|this\s+is|it's|it\s+is|my\s+name's|my\s+name\s+is|with)\s+$",
    re.I,
)
# A subject and its verb: what follows is said, not asked ("He's stable.").
_SAYS_OF = re.compile(
    # (after a word that only leads in: "I should say I'm diabetic, ...")
    r"\s*(?:(?:i\s+(?:should|must|have\s+to)\s+(?:say|mention|tell\s+you|add)|"
    r"oh|well|and|but|also)\W+)*"
    r"(?:he|she|they|you|i|it|we)"
    r"(?:'s|'re|'m|'ve|\s+is|\s+are|\s+was|\s+am|\s+had|\s+have|\s+has)\b",
    re.I,
)
# What names the next reading of a call ("And the blood pressure cuff.").
_NEXT_READING = re.compile(
    r"\b(?:cuff|thermometer|probe|oximeter|pulse\s+ox|clip|blood\s+pressure|bp|sats|"
    r"temperature|temp|"
    r"pulse|heart\s+rate|sugar)\b",
    re.I,
)
# A question of another time: "what was it this morning?", "last week?"
_WHEN_ASKED = re.compile(
    r"\b(?:was|were|did|had|usually|normally|last|yesterday|morning|earlier|before)\b",
    re.I,
)
_AND_NOW = re.compile(r"and\s+now", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|my|me)\b", re.I)
# A sentence that opens with "Now," (or "Right now,"): what it says is of now.
_NOW_OPENS = re.compile(
    r"\s*(?:\w+\s*:\s*)?(?:(?:and|so|but)\s+)?(?:right\s+)?now\s*,", re.I
)
# Words that open a question anywhere in a turn without question marks.
_INTERROGATIVE_ANY = re.compile(
    r"\b(?:can\s+you|could\s+you|do\s+you|did\s+you|have\s+you|are\s+you|is\s+it|"
    r"any\b(?:\s+\w+)?|how\s+(?:is|are|bad|much|long|many|would)|what(?:'s|\s+is|\s+are)|"
    # "hows the foot", "score it for me nought to ten"
    r"how'?s|(?:score|rate)\s+(?:it|that)|give\s+me)\b",
    re.I,
)
# A pause, then a number: "I'll start with your blood pressure... 138 over 86".
# Where a patient lies, in a cue that names them by it.
_BED_WORD = re.compile(r"\b(?:bed|bay|room|cubicle|side\s+room)\b", re.I)
# Words that name a second patient: "also bed 4", "the other lady in bay 2".
_ANOTHER = re.compile(r"\b(?:also|another|other|next|too)\b", re.I)
# An address and greeting, all that may come before the patient at hand is named.
_ADDRESS_ONLY = re.compile(
    r"\W*(?:(?:sister|ma'am|maam|madam|sir|doctor|doc|nurse|staff|hi|hello|hey|okay|ok|"
    r"so|right|and|um|uh|er|morning|good\s+morning|evening|afternoon|handing\s+over)\W+)*",
    re.I,
)
# A "current" cue that comes back to the patient at hand: "This patient, BP is 134".
_THIS_PATIENT = re.compile(
    r"\bthis\s+(?:patient|one|lady|gentleman|gent|man|woman|fella|chap)\b", re.I
)
# "No, that's Mr Pierce in bay four": a no that gives what was asked to another.
_NO_SOMEONE_ELSE = re.compile(
    r"\W*no\b[\s,.]*(?:(?:that's|that\s+is|that\s+was|it's|you're\s+thinking\s+of)\s+"
    r"(?:mr|mrs|ms|miss|the\s+(?:man|lady|gentleman|patient|one)|bed|bay|room)\b|"
    r"(?:he|she)(?:'s|\s+is)\s+not\b)",
    re.I,
)
# Words of telling after who tells: "her daughter said", "his wife says".
_TELLS = re.compile(
    r"\s+(?:said|says|told\s+(?:me|us)|tells\s+(?:me|us)|reports|reported|thinks|"
    r"thought|reckons|mentioned|feels)\b",
    re.I,
)
# Someone said first after a cue: "now she only opens her eyes".
_SUBJECT_AFTER = re.compile(
    r"\W*(?:she|he|they|i|we|you|his|her|their|my|the\s+patient|pt|patient)\b", re.I
)
# The words of a "current" cue that tell what was done to change a reading ("so I've
# put her on", "switched to").
_CHANGE_TO_NOW = re.compile(
    r"\b(?:put|popped|placed|started|restarted|weaned|switched|changed)\b", re.I
)
# A wish that something be done to someone: "I'd like her", "we want him".
_WISHED_DONE = re.compile(
    r"(?:(?:i'd|we'd|would)\s+like|(?:i|we)\s+want|wants?)\s+(?:her|him|them|it)\s+",
    re.I,
)
# An event right before a time, which that time dates: "hand surgery yesterday".
_EVENT_BEFORE = re.compile(
    r"\b(?:surgery|operation|op|procedure|fall|fell|admission|admitted|repair|"
    r"replacement|section|biopsy|scope|discharged|transfer|transferred)\s+$",
    re.I,
)
# A subject and its verb that open a new clause in an unpunctuated line.
_NEW_SUBJECT = re.compile(
    r"\b(?:she's|he's|shes|hes|she\s+is|he\s+is|they're|theyre|they\s+are)\b", re.I
)
# A state called new: "..., which is new for him", "that's new".
_SAID_NEW = re.compile(
    r"\b(?:which|that)(?:'s|\s+is)\s+(?:all\s+|quite\s+)?new\b"
    r"|\bnew\s+for\s+(?:him|her|them)\b",
    re.I,
)
_PAUSE_THEN_NUMBER = re.compile(r"(?:\.{3}|…)\s*(?:\d|$)")
# A cue of what is meant to be done ("gonna check", "I'll do"), not of a condition.
_MEANT_TO_DO = re.compile(r"gonna|going\s+to|[\w']*'ll|will", re.I)
_IT_IS_THEN_NUMBER = re.compile(
    # (not a condition's: "if it's 160 or more, call me")
    r"(?<!\bif\s)(?<!\bwhen\s)(?<!\bunless\s)(?<!\bonce\s)(?<!\buntil\s)"
    # ("it's irregular, ninety-two": a word of how it is before the number)
    r"\b(?:it's|its|it\s+is|that's|thats|that\s+is)\s+(?:[a-z]+,?\s+)?"
    r"(?:(?:now|about|around)\s+)?(?:\d|$)",
    re.I,
)
# A clinician asking the patient to measure now, with their own device.
MEASURE_NOW = re.compile(
    # ("Would you mind doing it again now while I'm on the phone?")
    r"\b(?:can|could|would|will)\s+you\s+(?:\w+\s+){0,3}?(?:do(?:ing)?|tak(?:e|ing)|"
    r"check(?:ing)?|measur(?:e|ing)|read(?:ing)?|pop(?:ping)?|put(?:ting)?|try(?:ing)?|"
    r"redo(?:ing)?|repeat(?:ing)?|clip(?:ping)?|stick(?:ing)?)\b"
    r"[^?]{0,60}?\b(?:now|again|here|for\s+me|"
    r"while\s+i'm\s+(?:on|here))\b"
    # "And your sats now?": a reading asked for as it is
    r"|\b(?:your|her|his)\s+(?:sats|oxygen|temperature|temp|sugar|blood\s+pressure|bp|"
    r"pulse|heart\s+rate)\s+now\s*\?"
    r"|\bwhat(?:'s|\s+is|\s+does)\s+(?:the|your|that)\s+(?:\w+\s+){0,2}?"
    r"(?:machine|monitor|probe|meter|thermometer|device|cuff|reader)\s+"
    r"(?:reading|saying|showing|say|show|read)\b"
    r"|\bread\s+me\s+what\s+it\s+says\b"
    # "What's the saturation on your meter right now?"
    r"|\bwhat(?:'s|\s+is)\s+(?:the|your)\s+(?:\w+\s+){1,2}?(?:on|from)\s+(?:your|the)\s+"
    r"(?:meter|monitor|probe|oximeter|machine|device|cuff)\b"
    # "Put it on your finger now, wait some seconds, and tell me."
    r"|\b(?:put|pop|clip)\s+it\s+on\b[^?.]{0,30}?\bnow\b"
    # asked as a plea: "Son, please put the BP machine on his arm now"
    r"|\bplease\s+(?:\w+\s+){0,2}?(?:put|pop|do|take|check|measure|try|clip|stick)\b"
    r"[^.?!]{0,60}?\b(?:now|again|for\s+me)\b"
    # "let's do yours now, Mrs Rao"
    r"|\blet's\s+(?:do|take|check)\s+(?:yours|it|one|that)\b[^?.]{0,30}?\bnow\b"
    # "the pulse ox, can you put it on?"
    r"|\b(?:can|could)\s+you\s+(?:put|pop|clip|stick)\s+(?:it|that|this)\s+on\b"
    # "do it again now for me", "pop it on now and tell me the numbers"
    r"|\b(?:do|take|check|pop|put)\s+(?:it|one)\s+(?:on\s+)?(?:again\s+)?"
    r"(?:now|for\s+me)\b",
    re.I,
)
# The patient offering to measure now, and the clinician's yes.
_OFFER_NOW = re.compile(
    r"\b(?:do|shall|should)\s+(?:you\s+want\s+me\s+to|i)\s+(?:do|take|check)\s+"
    r"(?:it|one)\s+now\b",
    re.I,
)
_ASSENT = re.compile(
    r"\W*(?:yes\s+)?(?:please|go\s+on|go\s+ahead|yes|yeah|sure|okay|ok|if\s+you\s+would|"
    r"please\s+do)\b",
    re.I,
)
# A reading that opens with whose it is: "..., his pressure's 90 over 50".
_POSSESSIVE = re.compile(r"[\s,;:-]*(?:his|her|their)\b", re.I)
# What a question takes as done: "since your operation", "after his surgery".
_PRESUPPOSED = re.compile(
    r"\b(?:since|after|from)\s+(?:(?:you|he|she|they)\s+had\s+)?(?:(?:your|his|her|their|the|a|an)\s+)?"
    r"(?:[\w-]+\s+)?$"
    # "you'd the hip operation last year" (Irish English "you had")
    r"|\byou'd\s+(?:the|your|a|an)\s+(?:[\w-]+\s+)?$"
    # "How long have you been diabetic now?" takes it as so
    r"|\bhow\s+long\s+(?:have|has)\s+\w+\s+(?:been|had)\s+(?:an?\s+)?$"
    # "And being diabetic, do you want me to check your sugar?"
    r"|\bbeing\s+(?:a\s+)?$"
    # "this is the right arm, same side as your breast surgery in 2019?"
    r"|\bsame\s+side\s+as\s+(?:your|his|her|their|the)\s+(?:[\w-]+\s+)?$",
    re.I,
)
# A question of when something was, which says it was: "Your surgery was three
# weeks ago now?", "And the surgery for the breast, it was when?", "you had the
# procedure when?".
_ASKED_WHEN = re.compile(
    r"\w+(?:\s+for\s+(?:the|your|his|her)\s+\w+)?\s*,?\s*(?:it\s+)?(?:was|were)\s+"
    r"(?:when\b|(?:[\w-]+\s+){1,3}ago\b)"
    # "You've been diabetic twenty years now?" asks how long
    r"|\w+\s+(?:for\s+)?(?:about\s+|nearly\s+|over\s+)?(?:\d+|[a-z]+ty(?:[\s-][a-z]+)?|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|many|several|"
    r"a\s+few)\s+years?\b"
    r"(?:\s+now)?\s*\?",
    re.I,
)
_HAD_THE = re.compile(r"\bhad\s+(?:the|your|his|her)\s+$", re.I)
_WHEN_AFTER = re.compile(r"\w+\s+when\b", re.I)
_INTERROGATIVE = re.compile(
    r"\s*(?:(?:okay|ok|so|and|alright|right|um|uh|now|also|then)\W+)*"
    r"(?:(?:do|does|did|have|has|had|are|is|were|was|can|could|will|would)\s+"
    r"(?:you|he|she|they|there|your|his|her|we|anyone|anybody)\b"
    r"|any\b|anything\b|how\b(?!\s+long)|what\b|which\b|who\b)",
    re.I,
)
# A question of what was just said: "I'm diabetic, does that matter?"
_ASKS_OF_IT = re.compile(
    r"\s*(?:does|do|is|would|will|could|can)\s+(?:that|this|it)\b", re.I
)
_LABEL_LEAD = re.compile(r"^\s*(?:\[\w+\]|\w+\s*:)", re.I)
# A heading's end right after a cue: "At Dingboche last evening:" (a time of day may
# follow: "Yesterday evening 18:00:" is no heading's end, its colon is the clock's).
_HEADING_END = re.compile(
    r"(?:[ \t]+(?:morning|afternoon|evening|night))?[ \t]*:(?!\d)", re.I
)
_HEADING_WORDS = 4


@dataclass(frozen=True)
class ContextRule:
    """One cue: a compiled pattern, its category, direction and scope in words;
    ``sentences_before`` widens a ``sentence`` scope to the sentences before it
    ("Temp 41. Don't chart that.")."""

    pattern: re.Pattern[str]
    category: str
    direction: str
    max_scope: int
    sentences_before: int = 0
    # An earlier time that opens its sentence is the time of all of it.
    opening_covers_sentence: bool = False


@dataclass(frozen=True)
class Modifier:
    """A cue found in the utterance: its rule and its span."""

    rule: ContextRule
    start: int
    end: int

    @property
    def category(self) -> str:
        return self.rule.category


@dataclass(frozen=True)
class Answered:
    """One ``[[answered]]`` block: ``asked`` is (condition type, value, the words
    that ask for it); ``said`` what in an answer gives that value in other words
    ("hernia repaired", "penicillin gives me a rash")."""

    asked: tuple[tuple[str, str, re.Pattern[str]], ...]
    said: tuple[re.Pattern[str], ...]


@dataclass(frozen=True)
class ContextLexicon:
    """The rules of ``context_rules.toml``, the unrelated terms and value dominance."""

    rules: tuple[ContextRule, ...]
    measures: tuple[str, ...]
    counts: tuple[str, ...]
    phrases: tuple[str, ...]
    dominates: tuple[tuple[str, str], ...]
    # Speaker labels of a transcript ("P:", "Doctor:", "[patient]"): the patient's,
    # and everyone's (a turn ends at the next label).
    patient_labels: tuple[str, ...] = ()
    speaker_labels: tuple[str, ...] = ()
    # Other people by the pronoun that stands for them ("he": "father", "son").
    people: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # ``[[answered]]``: values a question asks for, and an answer may give in
    # other words ("Any surgeries? - I had a hernia repaired").
    answered: tuple[Answered, ...] = ()
    # Labels that name no role ("Speaker 1:"): roles are read from who asks.
    unnamed_labels: tuple[str, ...] = ()
    # A relative who speaks, by label, and what they call the patient ("son":
    # "father", "dad"): "Son: My father is diabetic" is the patient.
    kin: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def _phrase_pattern(phrase: str) -> str:
    edge_start = r"(?<![\w-])" if phrase[0].isalnum() else ""
    edge_end = r"(?![\w-])" if phrase[-1].isalnum() else ""
    return edge_start + re.escape(phrase) + edge_end


@cache
def context_lexicon(path: Path = RULES_FILE) -> ContextLexicon:
    """Load the context rules (cached per path)."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    rules: list[ContextRule] = []
    for number, entry in enumerate(document.get("rule", []), start=1):
        direction = str(entry.get("direction", "forward"))
        if direction not in _DIRECTIONS:
            raise ValueError(
                f"{path}: rule {number}: unknown direction {direction!r}; choose "
                f"one of {', '.join(sorted(_DIRECTIONS))}"
            )
        # Literals are matched against the normalized text ("at 1 point").
        sources = [
            _phrase_pattern(normalize(str(x)).text) for x in entry.get("literals", [])
        ]
        sources += [str(x) for x in entry.get("patterns", [])]
        # Longest first, so that "might need" is one cue, not "might".
        for source in sorted(sources, key=len, reverse=True):
            rules.append(
                ContextRule(
                    re.compile(source, re.I),
                    str(entry["category"]),
                    direction,
                    int(entry.get("max_scope", 8)),
                    int(entry.get("sentences_before", 0)),
                    bool(entry.get("opening_covers_sentence", False)),
                )
            )
    unrelated = document.get("unrelated", {})
    dominates = tuple(
        (str(winner), str(loser))
        for winner, losers in document.get("dominates", {}).items()
        for loser in losers
    )
    answered = tuple(
        Answered(
            _answered_asked(path, entry.get("asked", {})),
            tuple(re.compile(str(x), re.I) for x in entry.get("said", [])),
        )
        for entry in document.get("answered", [])
    )
    speakers = document.get("speakers", {})
    patient = _bracketed(tuple(str(x) for x in speakers.get("patient", [])))
    return ContextLexicon(
        tuple(rules),
        tuple(str(x) for x in unrelated.get("measures", [])),
        tuple(str(x) for x in unrelated.get("counts", [])),
        tuple(str(x) for x in unrelated.get("phrases", [])),
        dominates,
        patient,
        patient
        + _bracketed(tuple(str(x) for x in speakers.get("clinician", [])))
        + _bracketed(tuple(str(x) for x in speakers.get("unnamed", []))),
        {
            pronoun: tuple(str(x) for x in nouns)
            for pronoun, nouns in document.get("people", {}).items()
        },
        answered,
        tuple(str(x).lower() for x in speakers.get("unnamed", [])),
        {
            str(label).lower(): tuple(str(x).lower() for x in ties)
            for label, ties in speakers.get("kin", {}).items()
        },
    )


def _bracketed(labels: tuple[str, ...]) -> tuple[str, ...]:
    """Each label, and the same in brackets ("surgeon", "[surgeon]")."""
    plain = [x for x in labels if not x.startswith("[")]
    return tuple(dict.fromkeys([*labels, *(f"[{x}]" for x in plain)]))


def _answered_asked(
    path: Path, entries: Mapping[str, list[str]]
) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """``asked`` of an ``[[answered]]`` block: "TYPE.VALUE" = words that ask for
    the value."""
    asked = []
    for key, words in entries.items():
        type_name, dot, value = str(key).partition(".")
        if not dot or not value:
            raise ValueError(f"{path}: [[answered]] asked {key!r}: write TYPE.VALUE")
        pattern = "|".join(_phrase_pattern(str(w)) for w in words)
        asked.append((type_name, value, re.compile(pattern, re.I)))
    return tuple(asked)


def _labels_pattern(
    labels: tuple[str, ...], anywhere: bool = False
) -> re.Pattern[str] | None:
    """A speaker label at a turn's start: "P:", "Patient:", "[patient]";
    ``anywhere``: every label after a space too (a transcript that opens with a
    label runs its turns together: "D: any fevers P: no D: ...")."""
    if not labels:
        return None

    def alternatives(chosen: list[str]) -> str:
        return (
            "|".join(
                # "Nurse 2:", "Speaker 1:": a role numbered when two share it
                re.escape(label)
                + ("" if label.endswith("]") else r"(?:\s+\d{1,2})?\s*:")
                for label in sorted(chosen, key=len, reverse=True)
            )
            or "(?!)"
        )

    # A word or a bracket is a label anywhere after a space, as recognisers run
    # turns together ("... any allergies Patient: no"); a letter ("P:", "D:") only
    # at the text's start, a new line, or after a sentence's end.
    spelled = [x for x in labels if anywhere or x.endswith("]") or len(x) >= 4]
    return re.compile(
        rf"(?:(?:^|(?<=[\n.?!])|(?<=[.?!] ))(?:{alternatives(list(labels))})"
        rf"|(?<=\s)(?:{alternatives(spelled)}))",
        re.I,
    )


def _label_name(label: str) -> str:
    """A speaker's label as a bare lower-case name: "Mum (phone):" is "mum",
    "Speaker 2:" is "speaker"."""
    return re.sub(r"\([^)]*\)|[\W\d]+", " ", label).strip().lower()


def _bare_pattern(labels: tuple[str, ...]) -> re.Pattern[str]:
    """A speaker's label with no colon, as a whole word (at a line's start)."""
    plain = sorted((x for x in labels if not x.startswith("[")), key=len, reverse=True)
    return re.compile(
        rf"(?:{'|'.join(re.escape(x) for x in plain) or '(?!)'})(?:\s+\d{{1,2}})?(?!\S)",
        re.I,
    )


def split_at(spans: list[tuple[int, int]], cuts: list[int]) -> list[tuple[int, int]]:
    """``spans`` cut at each offset of ``cuts`` inside them."""
    result: list[tuple[int, int]] = []
    for start, end in spans:
        inner = sorted({c for c in cuts if start < c < end})
        result += zip([start, *inner], [*inner, end], strict=True)
    return result


def sentences_split(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text``, trimmed of spaces."""
    return spans_between(text, _SENTENCE_END)


def spans_between(text: str, boundary: re.Pattern[str]) -> list[tuple[int, int]]:
    """The spans of ``text`` between matches of ``boundary``, trimmed of spaces;
    empty pieces are left out."""
    spans, cursor = [], 0
    for match in [*boundary.finditer(text), None]:
        end = match.start() if match else len(text)
        piece = text[cursor:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((cursor + lead, cursor + len(piece.rstrip())))
        cursor = match.end() if match else len(text)
    return spans


# A sentence that opens with a pronoun, after fillers: "Uh, he has ...".
_PRONOUN = re.compile(r"[\s,]*(?:(?:uh|um|er|so|and|well),?\s+)*(he|she)\b", re.I)
# The last item of a list a negation runs along: "no cough, fever or confusion".
_LIST_END = re.compile(r"\b(?:or|nor)\b", re.I)


class Context:
    """The cues of one utterance, and the categories they give to any span."""

    def __init__(
        self,
        text: str,
        lexicon: ContextLexicon | None = None,
        soft_ends: tuple[int, ...] = (),
        clause_ends: tuple[int, ...] = (),
        run_on_readings: tuple[int, ...] = (),
    ) -> None:
        """``soft_ends`` are clause starts that begin a new reading ("..., pain
        5"): they end the scope of a cue said inside a clause, not of a cue that
        opens its sentence ("Yesterday, temp 39, pulse 100"). ``clause_ends`` are
        clauses with their own subject (", it's settled to 96"): they end every
        cue. ``run_on_readings`` are readings a recogniser's run-on line opens
        ("i'll tell the nurse blood pressure 128 over 70"): they end a plan's
        scope, and any other cue's once a number was said after it or when it is a
        comparison's base, never the time that dates them ("at your last
        appointment the blood pressure was 160" stays of that appointment)."""
        self.text = text
        self.lexicon = lexicon or context_lexicon()
        # A turn's label starts a sentence, whatever the punctuation.
        self.sentences = split_at(
            sentences_split(text), [start for start, _ in self.labels]
        )
        self.modifiers = self._modifiers()
        self.soft_ends = soft_ends
        self.clause_ends = clause_ends
        self.run_on_readings = run_on_readings
        self.patient_turns = self._patient_turns()

    def _patient_turns(self) -> tuple[tuple[int, int], ...]:
        """Spans of a transcript the patient speaks, label to next label."""
        return tuple((s, e) for s, e, by_patient in self.turns if by_patient)

    @cached_property
    def turns(self) -> tuple[tuple[int, int, bool], ...]:
        """``(start, end, by_patient)`` of every labelled turn of a transcript
        with both roles, from after its label; none otherwise ("Obs done. P: 88"
        alone is a pulse)."""
        return tuple((end, stop, by) for _, end, stop, by in self._labelled)

    @property
    def labels(self) -> list[tuple[int, int]]:
        """Where each speaker label of a transcript stands ("Patient:")."""
        return [(start, end) for start, end, _, _ in self._labelled]

    @cached_property
    def _labelled(self) -> tuple[tuple[int, int, int, bool], ...]:
        every = _labels_pattern(self.lexicon.speaker_labels)
        patient = _labels_pattern(self.lexicon.patient_labels)
        if every is None or patient is None:
            return ()
        if every.match(self.text.lstrip()):
            every = _labels_pattern(self.lexicon.speaker_labels, anywhere=True)
            patient = _labels_pattern(self.lexicon.patient_labels, anywhere=True)
            assert every is not None and patient is not None
        # "Pt: 46M, day 1 post-op", "Client: 74 F": a record's field, no speaker
        labels = [
            label
            for label in every.finditer(self.text)
            if not _AGE_AND_SEX.match(self.text, label.end())
        ]
        if any(self._line_start(label.start()) for label in labels):
            unlisted = self._unlisted_labels(labels)
            if _a_record(labels, unlisted):
                return ()
            labels = sorted(labels + unlisted, key=lambda m: m.start())
        elif not labels:
            labels = self._bare_labels(self.lexicon.speaker_labels)
            patient = _bare_pattern(self.lexicon.patient_labels)
        ends = [label.start() for label in labels[1:]] + [len(self.text)]
        spoken = [self._by_patient(label, patient) for label in labels]
        if not any(spoken):
            spoken = self._patient_by_questions(labels, ends)
        if all(spoken) or not any(spoken):
            return ()
        return tuple(
            (label.start(), label.end(), end, by_patient)
            for label, end, by_patient in zip(labels, ends, spoken, strict=True)
        )

    def _bare_labels(self, labels: tuple[str, ...]) -> list[re.Match[str]]:
        """Labels written without a colon ("nurse so mr fenwick ...", "speaker 1
        hi"), as some recognisers write turns: only when every line of three or
        more opens with one."""
        lines = [m.start() for m in re.finditer(r"(?m)^(?=\S)", self.text)]
        pattern = _bare_pattern(labels)
        found = [pattern.match(self.text, start) for start in lines]
        if len(lines) < 3 or not all(found):
            return []
        return [m for m in found if m is not None]

    def _line_start(self, position: int) -> bool:
        return not self.text[:position].strip(" \t") or self.text[:position].endswith(
            "\n"
        )

    def _unlisted_labels(self, listed: list[re.Match[str]]) -> list[re.Match[str]]:
        """Labels no list names, at the start of a line of a transcript whose other
        lines open with listed ones: a name ("Baraka:"), a role the lexicon lacks
        ("ODP:", "FY1:") or a listed one with an aside ("Mum (phone):")."""
        taken = {label.start() for label in listed}
        return [
            label
            for label in _UNLISTED_LABEL.finditer(self.text)
            if label.start() not in taken
            and not any(
                a < label.end() and label.start() < b
                for a, b in ((m.start(), m.end()) for m in listed)
            )  # fmt: skip
        ]

    def _by_patient(self, label: re.Match[str], patient: re.Pattern[str]) -> bool:
        """Whether a label is the patient's side: a listed patient label, with its
        aside taken off ("Wife (on speakerphone):"); or an unlisted name the
        others call the patient by ("Josh, what's the pain now?" ... "Josh:"). Some
        labels of the patient's side name staff in their setting
        (``_staff_by_setting``)."""
        if patient.fullmatch(label.group()):
            return not self._staff_by_setting(label.group())
        bare = re.sub(r"\s*\([^)]*\)", "", label.group())
        if bare != label.group():
            return patient.fullmatch(bare) is not None
        if label.re is not _UNLISTED_LABEL:
            return False
        name = _label_name(bare)
        if not name or _ROLE_WORD.search(name):
            return False
        return any(
            said.start() not in self._unlisted_starts
            and not _NAMED_AS_STAFF.search(self.text, 0, said.start())
            for said in re.finditer(rf"\b{re.escape(name)}\b", self.text, re.I)
        )

    def _staff_by_setting(self, label: str) -> bool:
        """Whether a label of the patient's side names staff here: a "Sister:" the
        others address as "Sister," is the ward sister; a "Carer:" ringing from a
        care home about "one of our residents" works there."""
        name = _label_name(label).lower()
        if name == "sister":
            return _SISTER_ADDRESSED.search(self.text) is not None
        if name in ("carer", "caregiver"):
            return _CARE_HOME_STAFF.search(self.text) is not None
        return False

    @cached_property
    def roles_inferred(self) -> bool:
        """Whether the transcript's roles were read from who asks, no label naming
        the patient ("Speaker 1:", "Speaker 2:"): the one who answers may be staff
        too, so what they read out is not known to be the patient's own reading."""
        return bool(self._labelled) and all(
            self._unnamed(self.text[start:end]) for start, end, _, _ in self._labelled
        )

    @cached_property
    def _unlisted_starts(self) -> frozenset[int]:
        return frozenset(m.start() for m in _UNLISTED_LABEL.finditer(self.text))

    def _unnamed(self, label: str) -> bool:
        """Whether a speaker's label names no role ("Speaker 2:")."""
        return _label_name(label) in self.lexicon.unnamed_labels

    def said_in_first_person(self, position: int) -> bool:
        """Whether the turn around ``position`` speaks of "I" or "my" before it: the
        one who answers tells of their own reading ("I did it this morning, it was
        126 over 78"), where a colleague reads out a monitor ("Manual's 82 over
        50")."""
        for start, end, _ in self.turns:
            if start <= position < end:
                return _FIRST_PERSON.search(self.text, start, position) is not None
        return False

    def _patient_by_questions(
        self, labels: list[re.Match[str]], ends: list[int]
    ) -> list[bool]:
        """Roles of a transcript of two unnamed speakers ("Speaker 1:", "Speaker
        2:"): the clinician is the one who asks more questions (none known when
        even)."""
        names = [re.sub(r"\W+", " ", label.group()).strip().lower() for label in labels]
        if len(set(names)) != 2 or not all(self._unnamed(n) for n in names):
            return [False] * len(labels)
        asked = dict.fromkeys(names, 0)
        for label, end, name in zip(labels, ends, names, strict=True):
            asked[name] += self.text.count("?", label.end(), end)
        first, second = sorted(set(names))
        if asked[first] == asked[second]:
            # no question marks (a recogniser's transcript): who opens questions
            for label, end, name in zip(labels, ends, names, strict=True):
                asked[name] += len(
                    _INTERROGATIVE_ANY.findall(self.text, label.end(), end)
                )
        if asked[first] == asked[second]:
            return [False] * len(labels)
        answerer = first if asked[first] < asked[second] else second
        return [name == answerer for name in names]

    def asked_about_others(self, position: int) -> bool:
        """Whether ``position`` is in the patient's answer to a clinician's turn
        about other people ("Anything that runs in the family?")."""
        for (q_start, q_end, q_patient), (a_start, a_end, a_patient) in zip(
            self.turns, self.turns[1:], strict=False
        ):
            if a_patient and not q_patient and a_start <= position < a_end:
                return any(
                    m.category == "other"
                    and q_start <= m.start < q_end
                    and self.asks(self.sentence_of(m.start))
                    for m in self.modifiers
                )
        return False

    def asks(self, sentence: tuple[int, int]) -> bool:
        """Whether a sentence is a question: "Anyone in the family?", not "Your son
        can help us."."""
        start, end = sentence
        return "?" in self.text[start : end + 1] or bool(
            _INTERROGATIVE_ANY.match(self.text, start, end)
        )

    def measured_on_request(self, position: int) -> bool:
        """Whether ``position`` is in a patient's turn that answers a clinician's
        request to measure now ("Can you do one now for me while I'm on the
        phone?", "What's the little machine reading?"), or their yes to the
        patient's offer ("Do you want me to do it now? - Please."): a reading
        taken at this encounter, by the patient's hands."""
        turns = self.turns
        for index, (start, end, by_patient) in enumerate(turns):
            if not (by_patient and start <= position < end) or index == 0:
                continue
            if _DONE_JUST_NOW.search(self.text, start, position):
                return True  # "Carer: I did them just now. Sats 89 on room air"
            if _READ_OFF_NOW.search(self.text, start, position):
                return True  # "the pulse bit says a hundred and two"
            asked_start, asked_end, asked_by_patient = turns[index - 1]
            if asked_by_patient:
                return False
            asked = self.text[asked_start:asked_end]
            if MEASURE_NOW.search(asked):
                return True
            # "Can you clip the sats probe on his finger for me now? - 95 ... - And
            # the blood pressure cuff. - 128 over 79": the next reading of a call
            # that asked for one now, named without a question of when
            if (
                _NEXT_READING.search(asked)
                and not _WHEN_ASKED.search(asked)
                and any(
                    not by and MEASURE_NOW.search(self.text, s, e)
                    for s, e, by in turns[: index - 1]
                )
            ):
                return True
            offered = index >= 2 and _OFFER_NOW.search(
                self.text[turns[index - 2][0] : turns[index - 2][1]]
            )
            return bool(offered and _ASSENT.match(asked))
        return False

    def in_patient_turn(self, position: int) -> bool:
        """Whether ``position`` is in words the patient says in a transcript."""
        return any(start <= position < end for start, end in self.patient_turns)

    def _modifiers(self) -> tuple[Modifier, ...]:
        """Every cue, the longest match winning where cues overlap ("no wait" is
        a correction, not a negation)."""
        matches = [
            Modifier(rule, *match.span())
            for rule in self.lexicon.rules
            for match in rule.pattern.finditer(self.text)
            if match.end() > match.start()
        ]
        # A speaker's label names who speaks, it is no cue ("Daughter: he's been
        # more confused").
        matches = [
            m
            for m in matches
            if not any(a < m.end and m.start < b for a, b in self.labels)
            and not self._patient_by_kin(m)
            and not (
                m.category == "other"
                and self.text[m.start : m.end].lower() in _RELATIVE_SELF
                and not self._relative_of_another(m)
            )
            and not self._setting_now(m)
            and not (m.category == "other" and self._introduces_patient(m))
        ]
        matches.sort(key=lambda m: (m.start - m.end, m.start))
        taken = [False] * len(self.text)
        found: list[Modifier] = []
        for modifier in matches:
            if any(taken[modifier.start : modifier.end]):
                continue
            taken[modifier.start : modifier.end] = [True] * (
                modifier.end - modifier.start
            )
            found.append(modifier)
        return tuple(sorted(found, key=lambda m: m.start))

    def _introduces_patient(self, modifier: Modifier) -> bool:
        """Whether a cue naming a patient by their bed opens the whole text, after
        an address at most ("Sister, bed four patient, post-operative day one"):
        the patient at hand, introduced (unless set against "this patient"
        later)."""
        cue = self.text[modifier.start : modifier.end]
        return bool(
            _BED_WORD.search(cue)
            and not _ANOTHER.search(cue)
            and _ADDRESS_ONLY.fullmatch(self.text, 0, modifier.start)
            and not _THIS_PATIENT.search(self.text, modifier.end)
        )

    def _setting_now(self, modifier: Modifier) -> bool:
        """Whether a cue naming a setting ("Obs on admission: T 36.3", "glucose in
        clinic 162") is this encounter: the record's title names that setting
        (an admission assessment, a clinic's note)."""
        cue = self.text[modifier.start : modifier.end]
        return any(
            title.search(self._title) is not None and said.fullmatch(cue) is not None
            for title, said in _SETTING_NOW
        )

    @cached_property
    def _title(self) -> str:
        """A record's first lines, where its title is (a transcript has none)."""
        return "" if self._labelled else "\n".join(self.text.split("\n", 3)[:3])

    def _relative_of_another(self, modifier: Modifier) -> bool:
        """Whether a relative speaks of themselves as someone other than the
        patient: "myself" in a relative's turn, or "I'm" after the turn spoke of
        the patient ("Daughter: Could it be her sugar? I'm diabetic"; not "Mother:
        Latex. I'm allergic to latex", a mother who is the patient)."""
        if not self._relative_speaking(modifier.start):
            return False
        if self.text[modifier.start : modifier.end].lower() == "myself":
            return True
        turn = next(
            (s for s, e, _ in self.turns if s <= modifier.start < e), modifier.start
        )
        return _OF_THE_PATIENT.search(self.text, turn, modifier.start) is not None

    def _relative_speaking(self, position: int) -> bool:
        """Whether ``position`` is in the turn of a relative ("Daughter:")."""
        return self._speaker(position) in self.lexicon.kin

    def _speaker(self, position: int) -> str:
        """The label of the turn around ``position``, bare ("mum" for "Mum
        (phone):"), or ""."""
        for start, end, stop, _ in self._labelled:
            if end <= position < stop:
                return _label_name(self.text[start:end])
        return ""

    def _patient_by_kin(self, modifier: Modifier) -> bool:
        """Whether a relative names the patient by their tie ("Son: My father is
        diabetic", "Wife: my husband's allergic to it", "Daughter: Mum's
        diabetic"): no one else."""
        if modifier.category != "other":
            return False
        word = self.text[modifier.start : modifier.end].lower()
        before = self.text[: modifier.start]
        # "Daughter: Mum's diabetic": a parent called by the tie as by a name
        named = word in _TIES_AS_NAMES and not re.search(
            r"\b(?:his|her|your|their|our|the|a|whose)\s+$", before, re.I
        )
        if re.search(r"\byour\s+$", before, re.I) and not self._relative_speaking(
            modifier.start
        ):
            # "Nurse: Please ask your father how the pain is. - Son: He says
            # three": said to a relative, their tie is the patient.
            return any(
                word in self.lexicon.kin.get(_label_name(self.text[start:end]), ())
                for start, end, _, _ in self._labelled
            )
        if not (named or re.search(r"\bmy\s+$", before, re.I)):
            return False
        return word in self.lexicon.kin.get(
            self._speaker(modifier.start), ()
        ) and self._patient_may_be(word)

    def _patient_may_be(self, noun: str) -> bool:
        """Whether a person's noun ("dad", "mum") fits the patient's sex as the
        text gives it (:attr:`_patient_sex`): "Daughter: And Dad was diabetic" to
        "Mrs Hanrahan" is her husband, not the patient."""
        sexes = [p for p, nouns in self.lexicon.people.items() if noun in nouns]
        return len(sexes) != 1 or self._patient_sex in ("", sexes[0])

    @cached_property
    def _patient_sex(self) -> str:
        """ "she" or "he" when the text titles people of one sex only ("Mrs
        Hanrahan", "Mr Obi"), or, with no title, speaks of one sex three times as
        often as of the other, three times at least ("Mary's been muddled ... she
        didn't know who I was ... So she's confused"); else ""."""
        titled = {
            "he" if title.lower() == "mr" else "she"
            for title in _TITLE.findall(self.text)
        }
        if titled:
            return titled.pop() if len(titled) == 1 else ""
        said = [p.lower() for p in _PRONOUN_OF_SEX.findall(self.text)]
        she = sum(p in ("she", "her", "she's") for p in said)
        he = len(said) - she
        if she >= 3 and she >= 3 * he:
            return "she"
        if he >= 3 and he >= 3 * she:
            return "he"
        return ""

    def sentence_of(self, position: int) -> tuple[int, int]:
        """The sentence span around ``position`` (the whole text when outside)."""
        for start, end in self.sentences:
            if start <= position <= end:
                return start, end
        return 0, len(self.text)

    def _words(self, start: int, end: int) -> int:
        """Words between two offsets; hesitations ("um", "uh") are no words of a
        scope: "they'll put you on um uh some sort of supplemental oxygen"."""
        return sum(
            word.lower() not in _FILLERS for word in _WORD.findall(self.text[start:end])
        )

    def _opens_sentence(self, modifier: Modifier) -> bool:
        """Whether only a speaker's label, fillers and links stand before the cue
        in its sentence ("Doctor: okay, and last time ..."), or the cue ends a short
        heading of its own ("At Dingboche last evening: SpO2 78%, HR 112")."""
        start = self.sentence_of(modifier.start)[0]
        before = _LABEL_LEAD.sub("", self.text[start : modifier.start])
        words = _WORD.findall(before)
        if all(w.lower() in _LEADS for w in words):
            return True
        # the one spoken to, named: "Okay Alan, so before we started, ..."
        named = [w for w in words if w.lower() not in _LEADS]
        if len(named) == 1 and named[0].istitle() and "," in before:
            return True
        return (
            _HEADING_END.match(self.text, modifier.end) is not None
            and not any(c.isdigit() for c in before)
            and len(words) <= _HEADING_WORDS
        )

    def _terminated(self, start: int, end: int, modifier: Modifier) -> bool:
        # "Yesterday, temp 39, pulse 100": a time that opens its sentence covers it
        # all; any other cue ends at ", pulse".
        time_cue = modifier.category in ("historical", "past")
        if not (time_cue and self._opens_sentence(modifier)) and any(
            start <= soft < end
            # "the gentleman in bay four, his pressure's 90 over 50": the reading
            # of the one just named
            and not (
                modifier.category == "other" and _POSSESSIVE.match(self.text, soft)
            )
            for soft in self.soft_ends
        ):
            return True
        # "Earlier the heart rate was 120, it's settled to 96": a clause with its
        # own subject ends every cue but a condition ("If I'm not moving it, it's
        # a three": the condition holds for the clause after it).
        if modifier.category != "hypothetical" and any(
            start <= end_ < end for end_ in self.clause_ends
        ):
            return True
        if modifier.category == "negated" and not self._in_negated_list(start, end):
            return True
        if any(
            start <= p < end and self._run_on_ends(modifier, p)
            for p in self.run_on_readings
        ):
            return True
        # "I'll do your sugar... 9.8": the pause is the reading being taken.
        # "gonna check your blood pressure again its 140 over 90 now": what it is
        # ends what was meant to be done.
        if modifier.category == "hypothetical" and (
            _PAUSE_THEN_NUMBER.search(self.text, start, end)
            or (
                _MEANT_TO_DO.fullmatch(self.text, modifier.start, modifier.end)
                and _IT_IS_THEN_NUMBER.search(self.text, start, end)
            )
        ):
            return True
        return any(
            (
                (
                    m.rule.direction == "terminate"
                    # a time is no other person: "His brother, also seen in OPD
                    # today, had temp 38.6" (unless someone is said after it: "with
                    # her family, now she only opens her eyes")
                    # nor makes a value said to be wrong right: "Temp of 39.1
                    # charted on this patient's flowsheet was entered in error"
                    and not (modifier.category == "denied" and m.category == "current")
                    # a change wished for is no change made: "I'd like her weaned
                    # to air when she can manage it"
                    and not (
                        modifier.category == "hypothetical"
                        and _WISHED_DONE.fullmatch(self.text, modifier.start, m.start)
                        and _CHANGE_TO_NOW.search(self.text, m.start, m.end)
                    )
                    and not (
                        modifier.category == "other"
                        and m.category == "current"
                        and not _THIS_PATIENT.search(self.text, m.start, m.end)
                        and not _SUBJECT_AFTER.match(self.text, m.end)
                    )
                )
                # "BP 158/92 on arrival, repeat after 5 min rest 150/90": a reading
                # taken again after a time said is no longer of that time
                or (time_cue and m.category == "sequence")
            )
            and m is not modifier
            and start <= m.start
            and m.end <= end
            for m in self.modifiers
        )

    def _run_on_ends(self, modifier: Modifier, reading: int) -> bool:
        """Whether a reading a run-on line opens at ``reading`` ends ``modifier``'s
        scope: a plan's always ("i'll tell the nurse blood pressure 128"); any
        other cue's once a number was said after it ("target 88 to 92 resps 20")
        or when it is the base of a comparison ("up two from last month sats 98"),
        not when it dates the reading it leads to ("at your last appointment the
        blood pressure was 160")."""
        if modifier.category == "hypothetical":
            return True
        if _NUMBER.search(self.text, modifier.end, reading):
            return True
        if _EVENT_BEFORE.search(self.text, 0, modifier.start):
            return True  # "hand surgery yesterday pain three": the surgery's day
        return bool(
            re.search(r"\b(?:from|since|than)\s+$", self.text[: modifier.start])
        )

    def _in_negated_list(self, start: int, end: int) -> bool:
        """Whether a negation said at ``start`` reaches ``end`` across commas: only
        along a list that ends in "or" ("no cough, fever or confusion"), never
        past it ("not confused, alert and orientated", "no pain, nausea or
        vomiting, alert")."""
        if "," not in self.text[start:end]:
            return True
        sentence_end = self.sentence_of(start)[1]
        last = _LIST_END.search(self.text, start, sentence_end)
        if last is None:
            return False
        item_end = self.text.find(",", last.end(), sentence_end)
        return end <= (sentence_end if item_end < 0 else item_end)

    def _reaches(self, modifier: Modifier, start: int, end: int) -> bool:
        rule = modifier.rule
        if self._aside_of_its_own(modifier, start):
            return False
        if rule.direction == "rest":
            return start >= self.sentence_of(modifier.start)[0]
        if rule.direction == "section":
            # "Plan: fluids. Give 2L O2.\n- recheck sugar": a heading reaches its line
            # and the items under it, not the record's next line.
            after = _SECTION_END.search(self.text, modifier.end)
            return modifier.start <= start < (
                after.start() if after else len(self.text)
            ) and not self.cue_between("fact", modifier.end, start)
        if rule.direction == "sentence":
            return self._in_sentence_scope(modifier, start)
        if rule.direction == "before":
            # "BP 190 over 100, cuff's loose I reckon, pulse 72": what came before
            # it in its sentence, across commas, within its scope.
            # "pulse 104, SpO2 not recordable (cold peripheries)": a fault said
            # after a reading that was not taken explains that one alone.
            if self._in_sentence_before(modifier, start):
                return True
            return (
                self.sentence_of(modifier.start) == self.sentence_of(start)
                and end <= modifier.start
                and self._words(end, modifier.start) < rule.max_scope
                and not self.cue_between("unmeasured", end, modifier.start)
            )
        if self.sentence_of(modifier.start) != self.sentence_of(start):
            return False
        forward = rule.direction in ("forward", "bidirectional")
        backward = rule.direction in ("backward", "bidirectional")
        if forward and modifier.end <= start:
            if modifier.category == "other" and self._other_pronoun_between(
                modifier, start
            ):
                return False
            # "On arrival his BP was 96/50 and his BSL was 3.8": an earlier time
            # that opens its sentence is the time of all of it.
            within = self._words(modifier.end, start) < rule.max_scope or (
                rule.opening_covers_sentence and self._opens_sentence(modifier)
            )
            if modifier.category == "negated" and _NEW_SUBJECT.search(
                self.text, modifier.end, start
            ):
                return False  # "her oxygens off shes on room air": a new clause
            if (
                modifier.category == "negated"
                and "," in self.text[modifier.end : start]
            ):
                # A list runs as far as it goes: "no cough, fever, chills or
                # confusion"; past its end nothing is negated.
                within = self._in_negated_list(modifier.end, start)
            return within and not self._terminated(modifier.end, start, modifier)
        if backward and end <= modifier.start:
            # Backward scope stays in its clause: "pain 4, better than yesterday".
            return (
                self._words(end, modifier.start) < rule.max_scope
                and "," not in self.text[end : modifier.start]
                and not self._terminated(end, modifier.start, modifier)
            )
        return False

    def _aside_of_its_own(self, modifier: Modifier, start: int) -> bool:
        """Whether a cue stands in a bracketed aside that holds a value of its own
        and ``start`` is outside it: "RBS 12.4 (last visit 15.1)" dates the 15.1
        only ("BM 12 (done at home)" dates the 12)."""
        return any(
            a < modifier.start
            and modifier.end <= b
            and not a <= start < b
            and _VALUE_IN_ASIDE.search(self.text, a, b) is not None
            for a, b in self._asides
        )

    @cached_property
    def _asides(self) -> tuple[tuple[int, int], ...]:
        return tuple(m.span() for m in _ASIDE.finditer(self.text))

    def _other_pronoun_between(self, modifier: Modifier, start: int) -> bool:
        """Whether the last "he" or "she" between a cue naming a person and
        ``start`` is of the other sex than that person: that one is the patient
        ("Her son's interpreting, he says she's got no pain")."""
        noun = self.text[modifier.start : modifier.end].lower()
        sexes = [p for p, nouns in self.lexicon.people.items() if noun in nouns]
        if len(sexes) != 1:
            return False
        said = re.findall(r"\b(he|she)\b", self.text[modifier.end : start], re.I)
        # the nearest one before it decides: "His wife's here, he says she's
        # diabetic" is the wife's
        return bool(said) and said[-1].lower() != sexes[0]

    def attributes(
        self,
        start: int,
        end: int,
        ignore: tuple[tuple[int, int], ...] = (),
        *,
        reading: bool = False,
    ) -> frozenset[str]:
        """Categories of the cues whose scope reaches the span ``[start, end)``;
        cues inside ``ignore`` spans (a relative phrase's "from earlier") do not
        count. A ``reading`` (a measured value) is never a relative's named only
        by a pronoun: "His dad is diabetic. He's pain free now, HR 68" gives
        the patient's vitals; nobody dictates a relative's."""
        found = {
            m.category
            for m in self.modifiers
            # ("within" cues reach only their own mention: see said_within)
            if m.rule.direction not in ("terminate", "none", "within")
            and not any(a <= m.start and m.end <= b for a, b in ignore)
            and (
                m.rule.direction in ("rest", "sentence", "section")
                or not (m.start < end and start < m.end)
            )
            and self._reaches(m, start, end)
        }
        if self._now_after(end) or self._said_new_after(end):
            found -= {"historical", "past"}  # "she's alert now"
            found.add("now")
        if self.now_before(start) or self._opened_by_now(start):
            found.add("now")  # "now 94%": decides between two values
        if self._asked(start):
            found.add("question")  # "Any allergies?" asserts none
        if self._answered_no(start):
            found.add("negated")  # "Confusion or memory loss. Uh, no."
        if not reading and self._of_someone_named_before(start):
            found.add("other")  # "Just my father. He has type 2 diabetes."
        return frozenset(found)

    def said_within(self, start: int, end: int) -> frozenset[str]:
        """Categories of the cues said between a type's word at ``start`` and its
        value at ``end``: "Pain on swallowing 7/10"."""
        return frozenset(
            m.category
            for m in self.modifiers
            if m.rule.direction == "within" and start <= m.start and m.end <= end
        )

    def sentence_before(self, position: int) -> tuple[int, int] | None:
        """The sentence before the one around ``position``; None for the first."""
        sentence = self.sentence_of(position)
        index = self.sentences.index(sentence) if sentence in self.sentences else 0
        return self.sentences[index - 1] if index > 0 else None

    def _of_someone_named_before(self, position: int) -> bool:
        """Whether ``position``'s sentence opens with "he" or "she" and the sentence
        before names another person of that pronoun ("my father", "her
        daughter"): the pronoun is that person, as the nearest fits."""
        sentence = self.sentence_of(position)
        before = self.sentence_before(position)
        opening = _PRONOUN.match(self.text, sentence[0])
        if before is None or opening is None:
            return False
        nouns = self.lexicon.people.get(opening.group(1).lower(), ())
        # The label of who speaks names no one spoken of ("Mum: she's allergic").
        start = next((e for s, e in self.labels if s == before[0]), before[0])
        # (the ward sister addressed, "Sister, bed eleven", is no one spoken of;
        # nor the one who tells: "her daughter said she'd been muddled")
        idioms = [(m.start, m.end) for m in self.modifiers if m.category == "idiom"]
        return any(
            not any(a <= said.start() and said.end() <= b for a, b in idioms)
            and not _TELLS.match(self.text, said.end())
            for noun in nouns
            for said in re.finditer(
                rf"\b{re.escape(noun)}\b", self.text[: before[1]], re.I
            )
            if said.start() >= start
        )

    def _answered_no(self, position: int) -> bool:
        """Whether the sentence after ``position``'s is a bare "no": the answer
        to what that sentence named, as a review of symptoms goes; or, after a
        question that asks for agreement, a "no" that says it is someone else's
        ("He's the diabetic, isn't he? - No, that's Mr Pierce in bay four")."""
        own = self.sentence_of(position)
        later = [s for s in self.sentences if s[0] >= own[1]]
        if not later:
            return False
        if _BARE_NO.fullmatch(self.text[later[0][0] : later[0][1]]) is not None:
            return True
        # (after its speaker's label: "Nurse: No, that's Mr Pierce")
        start = next((e for s, e in self.labels if s == later[0][0]), later[0][0])
        answer = _LABEL_LEAD.sub("", self.text[start : later[0][1]])
        asks_agreement = _QUESTION_TAG.search(self.text, *own) is not None
        return asks_agreement and _NO_SOMEONE_ELSE.match(answer) is not None

    def _asked(self, position: int) -> bool:
        """Whether ``position`` is in a sentence that ends with a question mark:
        a question names what it asks about, it does not say it is so."""
        start, end = self.sentence_of(position)
        if _PRESUPPOSED.search(self.text, start, position):
            return False  # "How's the pain since your operation?" says it was done
        if _ASKED_WHEN.match(self.text, position) or (
            _HAD_THE.search(self.text, start, position)
            and _WHEN_AFTER.match(self.text, position)
        ):
            return False  # "Your surgery was three weeks ago now?" asks when
        if not self.text[end : end + 2].lstrip().startswith("?"):
            # A transcript without question marks: a clinician's sentence that
            # opens as a question ("D: any allergies P: ...").
            return self._asked_unmarked(start, position)
        # "Um, so her sats are 95, on room air, and the pain's a 3 out of 10?": a
        # statement of readings said with a rising tone, not opened as a question.
        sentence = _LABEL_LEAD.sub("", self.text[start:end])
        if (
            not self._in_clinician_turn(position)
            and _NUMBER.search(sentence)
            and len(_WORD.findall(sentence)) >= 8
            and not _INTERROGATIVE.match(sentence)
        ):
            return False
        # "He's unstable, so could you review him?": the question is the request
        # after the statement.
        request = _REQUEST.search(self.text, start, end)
        if request is not None and position < request.start():
            return False
        # "It's a week since your hernia surgery, how are you?": a statement, then
        # the question after its comma.
        comma = self.text.rfind(",", position, end)
        if (
            comma >= 0
            and _SAYS_OF.match(_LABEL_LEAD.sub("", self.text[start:position]))
            and (
                _INTERROGATIVE.match(self.text, comma + 1, end)
                or _ASKS_OF_IT.match(self.text, comma + 1, end)
            )
        ):
            return False
        # "..., right?", "you know?": a tag that asks for agreement, not a question.
        return _QUESTION_TAG.search(self.text[start:end]) is None

    def _in_clinician_turn(self, position: int) -> bool:
        return any(
            s <= position < e and not by_patient for s, e, by_patient in self.turns
        )

    def _asked_unmarked(self, start: int, position: int) -> bool:
        if not self._in_clinician_turn(position):
            return False
        # "Doctor: allergies Patient: none": a clinician's word or two alone.
        whole = _LABEL_LEAD.sub("", self.text[start : self.sentence_of(position)[1]])
        if (
            len(_WORD.findall(whole)) <= 2
            and not _NUMBER.search(whole)
            and not _SAYS_OF.match(whole)  # "He's alert." says it is so
        ):
            return True
        # At the sentence's start or after a comma: "and yourself, have you ever
        # been told you have diabetes".
        said = _LABEL_LEAD.sub("", self.text[start:position])
        if any(_INTERROGATIVE.match(part) is not None for part in said.split(",")):
            return True
        # "an eight any medical problems diabetes heart": a recogniser's lower-case
        # line runs a question on from what came before it
        asking = _INTERROGATIVE_ANY.search(said)
        return (
            asking is not None
            and said == said.lower()
            and not re.search(r"[,;]", said)
            and not _NUMBER.search(said, asking.end())
        )

    def _in_sentence_before(self, modifier: Modifier, start: int) -> bool:
        """Whether ``start`` is in one of the ``sentences_before`` sentences before
        the cue's own, which says no number before the cue ("BP's saying 140
        over, um, 90? I'm not sure, I'll redo it.")."""
        own = self.sentence_of(modifier.start)
        if not modifier.rule.sentences_before or own not in self.sentences:
            return False
        if _NUMBER.search(self.text, own[0], modifier.start):
            return False
        index = self.sentences.index(own)
        first = self.sentences[max(0, index - modifier.rule.sentences_before)][0]
        return first <= start < own[0]

    def _in_sentence_scope(self, modifier: Modifier, start: int) -> bool:
        """Whether ``start`` is in the cue's sentence, or in one of the
        ``sentences_before`` sentences before it when no number is said in its
        own sentence before the cue ("Temp 41. Don't chart it.", but "Pulse 80.
        Temp 41, don't chart it." leaves the pulse); no terminator ends this
        scope ("temp 41 but do not record it")."""
        own = self.sentence_of(modifier.start)
        first = own[0]
        said_before = _NUMBER.search(self.text, own[0], modifier.start)
        if own in self.sentences and not said_before:
            index = self.sentences.index(own) - modifier.rule.sentences_before
            first = self.sentences[max(0, index)][0]
        return first <= start <= own[1]

    def now_before(self, start: int) -> bool:
        """A "now" cue within two words before ``start``, in the same clause
        ("and now" ends other cues' scopes, and says now too)."""
        return any(
            (m.category == "current" or _AND_NOW.fullmatch(self.text, m.start, m.end))
            and m.end <= start
            and self._words(m.end, start) <= 2
            and self.sentence_of(m.start) == self.sentence_of(start)
            and "," not in self.text[m.end : start]
            for m in self.modifiers
        )

    def _opened_by_now(self, position: int) -> bool:
        """Whether ``position``'s sentence opens with "now" set apart ("Now, thirty
        minutes in, BP's 110 over 68, pulse 76"): all of it is of now."""
        start, _ = self.sentence_of(position)
        return _NOW_OPENS.match(self.text, start) is not None

    def _now_after(self, end: int) -> bool:
        """A "now" cue within two words after ``end``, in the same clause. A
        change to now says the value before it was earlier ("sats were 89 so I've
        put him on two litres")."""
        return any(
            m.category == "current"
            and not _CHANGE_TO_NOW.search(self.text, m.start, m.end)
            and m.start >= end
            and self._words(end, m.start) <= 2
            # "pulse was 110 on admission now it's 84": the now is the next value's
            and not self.cue_between("historical", end, m.start)
            and self.sentence_of(m.start) == self.sentence_of(max(0, end - 1))
            and "," not in self.text[end : m.start]
            and not self._terminated(end, m.start, m)
            for m in self.modifiers
        )

    def _said_new_after(self, end: int) -> bool:
        """Whether the words after ``end`` in its sentence, eight at most, call
        it new ("he's been a bit muddled about the date this afternoon, which is
        new for him"): a change that lasts, of now."""
        said = _SAID_NEW.search(self.text, end, self.sentence_of(max(0, end - 1))[1])
        return said is not None and self._words(end, said.start()) <= 8

    def cue_between(self, category: str, start: int, end: int) -> bool:
        """Whether a cue of ``category`` lies between ``start`` and ``end``."""
        return any(
            m.category == category and start <= m.start and m.end <= end
            for m in self.modifiers
        )

    def instructions(self) -> tuple[Modifier, ...]:
        """The cues of words addressed to the system."""
        return tuple(m for m in self.modifiers if m.category == "instruction")

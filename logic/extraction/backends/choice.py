"""Strict-mode decoding by choice: the guide leaves the model a few complete lines per
choice group, so the model only has to pick one of them.

This is greedy decoding under the strict grammar, computed directly. The options of a
group are tokenized; where all remaining options agree on the next token, that token
is forced and evaluated in one batch with the others forced after it; where they
differ, the model's logits pick the best allowed token. Forced tokens therefore cost
one batched evaluation instead of one sampling step each (with a grammar check over
the whole vocabulary), which is where the time of grammar-constrained generation
went on 2 cores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def context_feed(llama: Any, tokens: Sequence[int]) -> None:
    """Make ``tokens`` the context, reusing the longest prefix already evaluated
    (the stable prompt prefix stays in the KV cache between utterances)."""
    cached = llama.input_ids[: llama.n_tokens]
    common = 0
    for old, new in zip(cached, tokens, strict=False):
        if old != new:
            break
        common += 1
    common = min(common, len(tokens) - 1)  # evaluate one token at least: fresh logits
    llama.n_tokens = common
    llama.eval(list(tokens[common:]))


def _logits(llama: Any) -> np.ndarray:
    return np.ctypeslib.as_array(llama._ctx.get_logits(), shape=(llama.n_vocab(),))


def option_pick(llama: Any, options: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Continue the context with the option (a token list) greedy decoding under a
    grammar allowing exactly ``options`` would produce. Returns the option's index
    and how many tokens were evaluated."""
    remaining = list(range(len(options)))
    position, evaluated, pending = 0, 0, []
    while len(remaining) > 1:
        next_tokens = {
            options[i][position] if position < len(options[i]) else None
            for i in remaining
        }
        if len(next_tokens) == 1 and None not in next_tokens:
            pending.append(next_tokens.pop())
            position += 1
            continue
        if pending:
            llama.eval(pending)
            evaluated, pending = evaluated + len(pending), []
        allowed = [t for t in next_tokens if t is not None]
        if not allowed:  # identical options: any of them
            break
        logits = _logits(llama)
        best = max(allowed, key=lambda token: float(logits[token]))
        remaining = [
            i
            for i in remaining
            if position < len(options[i]) and options[i][position] == best
        ]
        pending.append(best)
        position += 1
    chosen = remaining[0]
    pending += list(options[chosen][position:])
    if pending:
        llama.eval(pending)
    return chosen, evaluated + len(pending)


def lines_choose(
    llama: Any, prompt: str, groups: Sequence[Sequence[str]]
) -> tuple[list[str], int]:
    """Pick one line of each group in turn, each choice seeing the ones before it.
    Returns the chosen lines and the number of tokens evaluated after the prompt."""
    context_feed(llama, llama.tokenize(prompt.encode("utf-8"), special=True))
    chosen, evaluated = [], 0
    for group in groups:
        group = list(dict.fromkeys(group))
        tokens = [
            llama.tokenize(f"{line}\n".encode(), add_bos=False, special=False)
            for line in group
        ]
        index, count = option_pick(llama, tokens)
        chosen.append(group[index])
        evaluated += count
    return chosen, evaluated

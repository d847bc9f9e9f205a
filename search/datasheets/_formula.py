"""Formulas a document states over named quantities ("Rs=(Vc/VRL-1)×RL", "`0.800 * (1 +
R1/R2)`"): read from prose as written, to be worked (``_answer.evaluate``) with the values a
question gives each name.

Only arithmetic on numbers and symbols is read (+ - * / × ÷, brackets, a power of two or ten
the PDF layer read as raised, "2^19", a magnitude between bars, "|V(32) - V(9)|", where "V(32)"
is the quantity read at a point, the symbol "V_at_32", and a register field by its bit range,
"Frf(23,0)", the symbol "Frf"), and only a formula that combines two or more symbols: "LSB = FSR
/ 216" (an exponent lost in extraction) or a bracket that multiplies without an operator ("BQ1
(IREG-VBEQ1/R1)") is not read at all, so a formula kept is the one printed.
"""

from __future__ import annotations

import ast
import re

__all__ = ["AT_POINT", "FORMULA_START", "read_expression", "symbols_of"]

# Where a formula starts: a symbol (in brackets or not) and "=", or an opening backtick.
FORMULA_START = re.compile(
    r"(?:\(\s*(?P<bracketed>[A-Za-z][A-Za-z0-9]{0,5})\s*\)|\b(?P<name>[A-Za-z][A-Za-z0-9]{0,5}))"
    r"\s*=\s*(?=[\w(])|`(?=[\w(|])"
)
_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?)"
    # "V(32)": a quantity read at a point (VOUT at 32 V in), written as the symbol "V_at_32"
    r"|(?P<at>[A-Za-z][A-Za-z0-9]*)\((?P<point>\d+(?:\.\d+)?)\)"
    # "Frf(23,0)": a register field by its name and bit range, the field's value
    r"|(?P<field>[A-Za-z][A-Za-z0-9]*)\(\d{1,2}[,:;]\s?\d{1,2}\)"
    r"|(?P<sym>[A-Za-z][A-Za-z0-9]*)|(?P<op>[-+*/×÷()|]|\^(?=\d)))"
)
AT_POINT = re.compile(r"^(?P<name>[A-Za-z][A-Za-z0-9]*)_at_(?P<point>\d+(?:_\d+)?)$")
_SYMBOL = re.compile(r"[A-Za-z][A-Za-z0-9]{0,5}")


# Units written beside a figure in a table row ("- 61.0 - Hz") are no quantities of a formula.
_UNITS = frozenset(
    "Hz kHz MHz GHz V mV uV A mA uA nA W mW ms us ns dB dBm Ohm LSB ppm".split()  # noqa: SIM905
)


def _symbol_like(word: str) -> bool:
    """A quantity's symbol ("VRL", "R1", "Vc", "fSW"), not a word ("output", "Read") or a
    unit ("Hz")."""
    if not _SYMBOL.fullmatch(word) or word in _UNITS:
        return False
    if word.istitle() and len(word) >= 4:
        return False  # "Read", "Write", "Fig"
    return any(c.isupper() for c in word) or any(c.isdigit() for c in word)


def read_expression(text: str, start: int, symbols: int = 2) -> tuple[str, int] | None:
    """The arithmetic expression written at ``start`` (× and ÷ as * and /, a power of ten or
    two raised, "2^19", as ``2 ** 19``) and where it ends, or None when what is there is no
    formula of ``symbols`` or more symbols read whole."""
    text = text.replace("–", "-").replace("−", "-")
    tokens: list[str] = []
    depth, bars, pos, operand = 0, 0, start, False
    while m := _TOKEN.match(text, pos):
        tok = m.group(m.lastgroup or "")
        if m.group("at"):
            if operand:
                break
            tok = f"{m.group('at')}_at_{m.group('point').replace('.', '_')}"
            operand = True
        elif m.lastgroup == "field":
            if operand:
                break
            tok, operand = m.group("field"), True
        elif m.lastgroup in ("num", "sym"):
            if operand:
                break  # "RL Power consumption": the formula ended
            if m.lastgroup == "sym" and not _symbol_like(tok):
                return None
            operand = True
        elif tok == "|":
            # "|V(32) - V(9)|": a magnitude, opened where an operand is due, closed after one
            if not operand:
                tokens.extend(["abs", "("])
                depth, bars = depth + 1, bars + 1
                pos = m.end()
                continue
            if not bars:
                break
            tok = ")"
            depth, bars = depth - 1, bars - 1
        elif tok == "(":
            if operand:
                # "VBG*(R1+R2)/ R1 (Fig. 1)" ends; "BQ1 (IREG-VBEQ1/R1)" and "(VIN - VOUT)
                # (IOUT)" multiply unwritten
                return None if _is_quantity(text, m.end()) else _finish(tokens, depth, pos)
            depth += 1
        elif tok == ")":
            if not operand or depth == 0:
                break
            depth -= 1
        elif not operand and tok not in "-+":
            break
        elif re.match(r"\w[-+]\s", text[m.end() - 2 : m.end() + 1]):
            break  # "IN+ CH1", "VIN- - GND": a pin's sign, not an operator
        else:
            operand = False
        if tok == "^" and tokens[-1:] not in (["2"], ["10"]):
            return None  # only a power of two or ten is read as raised
        tokens.append({"×": "*", "÷": "/", "^": "**"}.get(tok, tok))
        pos = m.end()
    if re.match(r"\d", text[pos : pos + 1]):
        # "(Rs+RL)2": an exponent written as a plain digit, not read
        return None
    return _finish(tokens, depth, pos, symbols)


def _is_quantity(text: str, start: int) -> bool:
    """Whether the brackets opening at ``start`` hold a quantity (a symbol or an expression of
    them), not a note ("Fig. 1")."""
    close = text.find(")", start)
    inner = text[start:close].strip() if close > 0 else ""
    return (
        bool(inner)
        and re.fullmatch(r"[\w\s+\-*/×÷–−]+|[\w\s+\-*/×÷–−]*\d\.\d[\w\s.+\-*/×÷–−]*", inner)
        is not None
        and any(_symbol_like(w) for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", inner))
    )


def _finish(tokens: list[str], depth: int, end: int, symbols: int = 2) -> tuple[str, int] | None:
    if tokens and tokens[-1] in ("+", "-", "*", "/", "("):
        return None  # ("VIN+ - VIN-": no formula ends in an operator)
    expression = " ".join(tokens)
    if depth or not tokens:
        return None
    try:
        ast.parse(expression, mode="eval")
    except SyntaxError:
        return None
    ops = sum(t in ("+", "-", "*", "/") for t in tokens)
    return (expression, end) if ops and len(symbols_of(expression)) >= symbols else None


def symbols_of(expression: str) -> list[str]:
    """The distinct symbols of an expression, in order (not the function ``abs``)."""
    names = re.findall(r"[A-Za-z][A-Za-z0-9_]*", expression)
    return [n for n in dict.fromkeys(names) if n != "abs"]

"""Deterministic fact extraction: rules over table rows and ``Parameter: value unit`` lines.

Nothing here knows a particular file. A row becomes a fact when its parameter name (or symbol)
maps to the spec vocabulary and its cells hold numbers with a unit we can read; the section it
sits under gives its kind (absolute maximum ratings are marked as such, never merged with
operating limits). Cells the document leaves empty stay empty.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

from search.datasheets._facts import Fact
from search.datasheets._units import UnknownUnitError, canonical_unit, to_si

logger = logging.getLogger(__name__)

__all__ = [
    "ExtractWarning",
    "RowRecord",
    "classify_section",
    "facts_from_row",
    "is_supply_relative",
    "map_spec",
    "parse_quantity_text",
    "spec_dimensions",
    "unit_dimension",
]


@dataclass(slots=True)
class ExtractWarning:
    """A figure we saw but could not store (unknown unit, unreadable cell), with its place."""

    citation: str
    rule: str
    value: str
    detail: str

    def __str__(self) -> str:
        return f"{self.citation}: {self.rule}: {self.value!r} ({self.detail})"


@dataclass(slots=True)
class RowRecord:
    """One table row or label line, already split into named cells."""

    parameter: str
    citation: str
    section: str
    section_kind: str
    evidence: str
    page: int | None = None
    symbol: str | None = None
    condition: str | None = None
    min: str | None = None
    typ: str | None = None
    max: str | None = None
    value: str | None = None
    unit: str | None = None
    variant: str | None = None
    applies_to: dict[str, Any] = field(default_factory=dict)


# --- section kinds --------------------------------------------------------------------------

_SECTION_RULES: tuple[tuple[str, str], ...] = (
    (r"absolute\s+maximum|maximum\s+ratings|limiting\s+values|absolute\s+max", "absolute_maximum"),
    (
        r"recommended\s+operating|operating\s+conditions|recommended\s+conditions|"
        r"^operating\s+ranges?$",
        "recommended_operating",
    ),
    (r"\btiming\b|ac\s+characteristics|switching\s+characteristics|ac\s+electrical", "timing"),
    (r"\baccuracy\b", "accuracy"),
    (
        r"typical\s+(performance|characteristics)|performance\s+curves|characteristic\s+performance",
        "typical_performance",
    ),
    (
        r"electrical\s+(characteristics|specifications|parameters|specs)|dc\s+characteristics|"
        r"performance\s+characteristics|operating\s+characteristics|specifications?\b|"
        r"characteristics|technical\s+(parameters|specification|data)|characteristic\s+data|"
        r"coil\s+data|contact\s+(capacity|data)|key\s+parameters|features|parameters",
        "electrical_characteristics",
    ),
    (r"ordering|selection\s+guide|part\s+number", "ordering"),
    # a production test's pass limits: what every shipped unit was checked against
    (r"\btest\s+(?:steps|limits)\b|\bpass\s+limits\b", "production_test"),
)


def classify_section(heading: str) -> str | None:
    """Section kind for a heading, or None when the heading says nothing about kind."""
    h = re.sub(r"^\s*(table\s+\d+[.:]?|\d+(\.\d+)*\.?)\s*", "", heading.lower())
    for pattern, kind in _SECTION_RULES:
        if re.search(pattern, h):
            return kind
    return None


# --- spec vocabulary ------------------------------------------------------------------------

# (regex over "parameter | symbol", spec). Order matters: the first match wins, so the specific
# names come before the general ones ("output voltage high" before "output voltage").
_SPEC_RULES: tuple[tuple[str, str], ...] = (
    # A row labelled "Gain" alone (an amplifier's set gain, "AvPGA  Gain  5  V/V").
    (r"^\s*(?:voltage\s+|closed[\s-]loop\s+)?gain\s*$", "gain"),
    # An amplifier's own gain without feedback ("Large Signal Open Loop Voltage Gain  AVOL").
    (
        r"open[\s-]loop\s+(?:voltage\s+)?gain|large[\s-]signal\s+(?:\w+\s+){0,2}gain|^avol$|^aol$",
        "open_loop_gain",
    ),
    # "Bus voltage, 1 LSB step size": the step is the figure, whichever voltage it steps.
    (r"\blsb\b.{0,20}\bstep|\blsb\s+(?:size|weight)|\bstep\s+size\b", "lsb_size"),
    (r"\bi2c\b.*address|slave\s+address|device\s+address|\baddress\b.*\bi2c\b", "i2c_address"),
    # A pin's leakage is not the part's supply current, even when measured in power-down.
    (r"\bleakage\b", "leakage_current"),
    (r"thermal\s+resistance|[θΘ]\s?j[ac]\b|\btheta\s?j[ac]\b", "thermal_resistance"),
    (
        r"sleep|standby|stand-by|power[\s-]*down|shutdown\s+(supply\s+)?current|\bisb\b|"
        r"deep[\s-]*sleep|quiescent.*(shutdown|power.down)",
        "sleep_current",
    ),
    # "Dropout voltage" is a regulator's headroom; a relay's "drop-out voltage" is its release.
    (r"dropout|\bvdrop\b", "dropout_voltage"),
    (r"pick[\s-]*up\s+voltage|pull[\s-]*in\s+voltage|must\s+operate", "pickup_voltage"),
    (r"drop[\s-]*out\s+voltage|release\s+voltage|must\s+release", "dropout_voltage_relay"),
    (
        r"coil\s+(rated\s+)?current|nominal\s+operating\s+current|operating\s+current.*coil",
        "coil_current",
    ),
    (
        r"coil\s+voltage|nominal\s+voltage\s*\(vdc\)|rated\s+coil|coil\b.*\bnominal\s+voltage",
        "coil_voltage",
    ),
    (r"max\.?\s*allowable\s+voltage", "coil_max_voltage"),
    (r"coil\s+resistance", "coil_resistance"),
    # a switch's resistance when on ("Output low ON resistor: 0.5Ω", "RDS(on)")
    (r"\bon[\s-]*resist(?:ance|or)\b|\br\s?ds\s?\(?on\)?", "on_resistance"),
    (r"coil\s+power|nominal\s+operating\s+power", "coil_power"),
    (r"switching\s+capacity|contact\s+rating|nominal\s+switching", "contact_rating"),
    (r"max\.?\s*switching\s+current", "contact_current"),
    (r"max\.?\s*switching\s+voltage", "contact_voltage"),
    (
        r"logic\s+supply|\bvss\b\s*\(logic|logic\s+power|\bvcc\s*\(logic|supply\s+voltage\s*\(logic|"
        r"(?:i2c|i\s?c|i²c|bus|i/o)\s+reference\s+voltage|\bvdvi\b",
        "logic_supply_voltage",
    ),
    (
        r"high[\s-]*level\s+input\s+voltage|input\s+high\s+voltage|\bvih\b|logic\s+high\s+"
        r"(input\s+)?(voltage|threshold)|logic\s+high\s+input|high[\s-]level\s+input|"
        r"input\s+voltage\s+high|input\s+(level\s+)?high|input\s+high\s+level|"
        # "SCL, SDA Input 'H' Voltage 1  VIH1"; an address strap's threshold is its own row
        r"^(?!addr|dvi).*input\s+[‘'’]h[‘'’]\s+voltage|\bv\s*ih\d?\b",
        "logic_high_threshold",
    ),
    (
        r"low[\s-]*level\s+input\s+voltage|input\s+low\s+voltage|\bvil\b|logic\s+low\s+"
        r"(input\s+)?(voltage|threshold)|logic\s+low\s+input|low[\s-]level\s+input|"
        r"input\s+voltage\s+low|input\s+(level\s+)?low|input\s+low\s+level|"
        r"^(?!addr|dvi).*input\s+[‘'’]l[‘'’]\s+voltage|\bv\s*il\d?\b",
        "logic_low_threshold",
    ),
    (
        r"high[\s-]*level\s+output\s+voltage|output\s+high\s+voltage|\bvoh\b|output\s+voltage\s+high|"
        r"\bv\s*oh\b|output\s+high\s+level|logic\s+high\s+output|output\s+level\s+high",
        "output_voltage_high",
    ),
    (
        r"low[\s-]*level\s+output\s+voltage|output\s+low\s+voltage|\bvol\b|output\s+voltage\s+low|"
        r"\bv\s*ol\b|output\s+low\s+level|logic\s+low\s+output|output\s+level\s+low",
        "output_voltage_low",
    ),
    (
        r"full[\s-]*scale(\s+input)?(\s+voltage)?\s+range|\bfsr\b|full[\s-]*scale\s+range",
        "full_scale_range",
    ),
    (r"\blsb\s+size|lsb\s+weight|\bresolution\s*\(lsb", "lsb_size"),
    (
        r"common[\s-]*mode\s+input\s+voltage|input\s+common[\s-]*mode\s+voltage|\bvicr\b|"
        r"common[\s-]mode\s+voltage\s+range"
        # (HX711: "Common mode input  AGND+1.2  AVDD-1.3  V")
        r"|common[\s-]*mode\s+input$",
        "input_common_mode_range",
    ),
    (
        r"input\s+offset\s+voltage|\bvio\b|offset\s+voltage|input\s+voltage\s+offset",
        "input_offset_voltage",
    ),
    (r"input\s+bias\s+current", "input_bias_current"),
    # an ADC's reference input, not its signal input
    (
        r"\breference\s+(?:input\s+)?voltage|\bv\s?ref\s+(?:input\s+)?(?:voltage\s+)?range\b",
        "reference_voltage",
    ),
    # "SCL, SDA, ADDR Input ‘H’ Current": a pin's input current, not a supply current
    (r"\binput\s+[‘'’]?[hl][‘'’]?\s+current\b|\binput\s+(?:high|low)\s+current\b", "input_current"),
    # a protection's trip and hysteresis before any temperature range they are printed with
    (r"thermal\s+shutdown\s+hysteresis|\btsd\s+hysteresis", "thermal_shutdown_hysteresis"),
    (r"thermal\s+shutdown", "thermal_shutdown"),
    (r"storage\s+temp|\btstg\b|\bt\s*stg\b|\bts\b", "storage_temperature"),
    (r"junction\s+temp|\btj\b|\bt\s*j\b", "junction_temperature"),
    (
        r"operating\s+(ambient\s+)?temp|ambient\s+temp|working\s+temp|operation\s+temp|"
        r"temperature\s+range|\btemp\.?\s+range|\bta\b|\btopr\b|\btamb\b|operating\s+range.*temp|"
        r"operating\s+ambient|free[\s-]air\s+temp|operating\s+internal\s+leadframe",
        "operating_temperature",
    ),
    (r"humidity\s+range|working\s+humidity|operating\s+humidity", "humidity_range"),
    (r"power\s+dissipation|\bptot\b|\bpd\b|total\s+power", "power_dissipation"),
    (r"power\s+consumption|heater\s+consumption|current\s+consumption.*mw", "power_consumption"),
    # a regulator's least load for regulation ("Minimum Load Current"), no current it draws
    (r"^minimum\s+load(\s+current)?\b", "minimum_load"),
    # how much the quiescent current moves with load or input, not the current itself
    (r"current\s+change\b", "supply_current_change"),
    (
        r"(supply|operating|quiescent|consumption|working|active|average|bias|mode)\s+current|"
        r"current\s+(consumption|supply|draw)|\bi\s*dd\b|\bicc\b|\bi\s*cc\b|\biq\b|\bidd\b|"
        r"\bi\s*q\b|\bid\b|\bis\b|\biddq\b|max\s+current\s+draw|supply\s+current|current\s+draw",
        "supply_current",
    ),
    (r"line\s+regulation|\bregline\b", "line_regulation"),
    (r"load\s+regulation|\bregload\b", "load_regulation"),
    (r"ripple\s+rejection|\brr\b|\bpsrr\b", "ripple_rejection"),
    (r"output\s+ripple|^ripple\b", "output_ripple"),
    (
        r"current\s+limit|short[\s-]*circuit\s+current|peak\s+current|\bisc\b|\bipk\b",
        "current_limit",
    ),
    (r"switching\s+frequency|oscillator\s+frequency|pwm\s+frequency", "switching_frequency"),
    (r"efficiency", "efficiency"),
    (r"undervoltage\s+lockout|\buvlo\b|low\s+voltage\s+detect", "undervoltage_lockout"),
    (r"soft[\s-]*start", "soft_start_time"),
    (
        r"output\s+range|output\s+voltage\s+(swing|range)|voltage\s+output\s+swing|output\s+swing|"
        r"\bvout\s+range|analog\s+output\s+range|output\s+span",
        "output_voltage_range",
    ),
    (
        r"zero\s+current\s+output\s+voltage|quiescent\s+output\s+voltage|\bviout\s*\(q\)",
        "zero_current_output_voltage",
    ),
    (
        r"(output|sink|source)\s+current|\bio\b|\bi\s*o\b|\biout\b|continuous\s+current|"
        r"\bi\s*out\b|drain\s+current|output\s+current",
        "output_current",
    ),
    (
        r"output\s+voltage|\bvo\b|\bv\s*o\b|\bvout\b|\bv\s*out\b|output\s+level|level\s+output|"
        r"output\s+signal\s+voltage",
        "output_voltage",
    ),
    (
        r"logic\s+input\s+voltage|digital\s+input\s+voltage|input\s+voltage.*(sda|scl|digital|logic)|"
        r"\bvdig\b|\bvin\s*\(logic|vi\s*\(logic",
        "logic_input_voltage",
    ),
    (
        r"analog\s+input\s+voltage|absolute\s+input\s+voltage|input\s+voltage\s+range|"
        r"\bv\s*\(ainx\)|\bvin\b|\bvi\b|input\s+voltage|\bv\s*in\b|\bv\s*i\b",
        "input_voltage_range",
    ),
    (
        r"supply\s+voltage|power\s+supply|operating\s+voltage|working\s+voltage|\bvdd\b|\bvcc\b|"
        r"\bvs\b|\bv\s*dd\b|\bv\s*cc\b|\bv\s*s\b|supply\s+range|power[\s-]supply\s+voltage|"
        r"voltage\s+supply|\bvbat\b|loop\s+voltage(?!\s+gain)|heater\s+voltage|input\s+supply|\bvm\b|"
        r"motor\s+supply|power's\s+voltage|operating\s+supply|supply\s+operation",
        "supply_voltage",
    ),
    (
        r"measur\w*\s+range|detection\s+range|sensing\s+range|operating\s+range|working\s+flow|"
        r"flow\s+rate\s+range|pressure\s+range|range\s+of\s+measurement|illuminance\s+range|"
        r"optimized\s+(accuracy\s+)?range|\bmeasurement\b.*\brange|induction\s+range|"
        r"detecting\s+range|^range$|^ranges$|input\s+range|full[\s-]*scale",
        "measurement_range",
    ),
    # "Operating pressure (full accuracy)": the span over which the accuracy holds is a range.
    (r"^operating\s+pressure\b", "measurement_range"),
    # the current a part survives as a short pulse, a rating, not an error band
    (r"overcurrent\s+transient|transient\s+tolerance|surge\s+current", "overcurrent_rating"),
    (
        r"accuracy|total\s+(output\s+)?error|absolute\s+error|\betot\b|measurement\s+error|tolerance|"
        r"(?:thermometer|temperature|sensor|reading)\s+error|\bterr\b",
        "accuracy",
    ),
    (r"resolution", "resolution"),
    # How a figure moves with temperature is its drift, not the figure itself.
    (
        r"sensitivity\s+slope|output\s+slope|temperature\s+coefficient|\btempco\b|"
        r"\bppm\s*/\s*°?c\b",
        "drift",
    ),
    (r"sensitivity|\bsens\b|scale\s+factor|\bso\b(?!-\d)", "sensitivity"),
    (
        r"i2c\s+(clock|bus)\s+(frequency|speed)|\bfscl\b|\bf\s*scl\b|scl\s+clock|clock\s+frequency.*i2c"
        r"|\bscl\s+(?:\w+\s+)?frequency|[fƒ]\s*\(scl\)|frequency\s+of\s+(?:the\s+)?i2c\b",
        "i2c_max_clock",
    ),
    (
        r"\bsclk\b|spi\s+clock|clock\s+frequency|\bfclk\b|\bf\s*clk\b|serial\s+clock|\bsck\s+frequency|\bfsck\b",
        "spi_max_clock",
    ),
    (r"baud", "baud_rate"),
    (
        r"sampl\w+\s+rate|data\s+rate|output\s+data\s+rate|\bdr\b|\bodr\b|conversion\s+rate|"
        r"sample\s+rate|throughput|collecting\s+period|sampling\s+period",
        "sampling_rate",
    ),
    (r"conversion\s+time|measurement\s+time|\btconv\b|\bt\s*conv\b", "conversion_time"),
    (
        r"response\s+time|rise\s+time|\btr\b|\bt\s*r\b|delay\s+time|operate\s+time|release\s+time",
        "response_time",
    ),
    (
        r"voltage\s+drop|saturat(?:ion|ing)\s+voltage|\bvce\s*\(sat|total\s+drop|\bvcesat\b",
        "voltage_drop",
    ),
    (r"pulses\s+per\s+lit|pulse\s+characteristic|k[\s-]*factor", "pulse_factor"),
    # "PD_SCK Pulses": how many clock pulses a read takes (and what that number selects)
    (r"(?:clock|sck)\s+pulses\b", "pulse_count"),
    (r"preheat|warm[\s-]*up", "warm_up_time"),
    # "Suggested aging time" after storage without power (a gas sensor's re-conditioning)
    (r"\bage?ing\s+time|\bburn[\s-]*in\s+time", "aging_time"),
    (r"\bpackage\b", "package"),
    (r"\bchannels?\b", "channels"),
    # "Voltage at any interface pin" is a voltage limit on those pins, not the protocol.
    (
        r"^voltage (?:at|on) (?:any )?(?:interface|input|digital|i/?o|signal) pins?\b",
        "input_voltage_range",
    ),
    (r"\binterface\b|output\s+signal|communication|output\s+type|\bbus\b", "interface"),
    (r"transmit\s+power|\btx\s+power|output\s+power|\bpout\b|rf\s+output", "rf_output_power"),
    (r"receiver\s+sensitivity|rx\s+sensitivity", "rf_sensitivity"),
    (r"frequency\s+range|frequency\s+band", "frequency_range"),
    (r"bandwidth", "bandwidth"),
    (r"noise", "noise"),
    (r"nonlinearity|\binl\b|\bdnl\b|linearity", "nonlinearity"),
    (r"hysteresis", "hysteresis"),
    (r"repeatability", "repeatability"),
    (r"long[\s-]*term\s+stability|drift", "drift"),
    (r"\blifespan|\blife\b|\blifetime\b|endurance|durability", "lifetime"),
    (r"weight", "weight"),
    (r"angle", "detection_angle"),
)

# Units whose dimension a spec may carry; a row whose unit disagrees is not that spec (a row
# "Supply voltage rejection ... dB" is not a supply voltage).
_SPEC_DIMENSION: dict[str, frozenset[str]] = {}
_VOLT = frozenset({"V"})
_AMP = frozenset({"A"})
_TEMP = frozenset({"K"})
for _s in (
    "supply_voltage",
    "input_voltage_range",
    "output_voltage",
    "output_voltage_high",
    "output_voltage_low",
    "output_voltage_range",
    "logic_high_threshold",
    "logic_low_threshold",
    "dropout_voltage",
    "voltage_drop",
    "coil_voltage",
    "pickup_voltage",
    "dropout_voltage_relay",
    "logic_supply_voltage",
    "absolute_max_supply_voltage",
    "absolute_max_input_voltage",
    "logic_input_voltage",
    "input_offset_voltage",
    "input_common_mode_range",
    "zero_current_output_voltage",
    "undervoltage_lockout",
    "contact_voltage",
):
    _SPEC_DIMENSION[_s] = _VOLT
for _s in (
    "supply_current",
    "sleep_current",
    "output_current",
    "coil_current",
    "input_current",
    "current_limit",
    "input_bias_current",
    "contact_current",
    "leakage_current",
    "minimum_load",
):
    _SPEC_DIMENSION[_s] = _AMP
for _s in (
    "operating_temperature",
    "storage_temperature",
    "junction_temperature",
    "thermal_shutdown",
):
    _SPEC_DIMENSION[_s] = _TEMP
_SPEC_DIMENSION["overcurrent_rating"] = _AMP
_SPEC_DIMENSION["power_consumption"] = frozenset({"W"})
_SPEC_DIMENSION["power_dissipation"] = frozenset({"W"})
_SPEC_DIMENSION["coil_power"] = frozenset({"W"})
_SPEC_DIMENSION["sampling_rate"] = frozenset({"Hz"})
_SPEC_DIMENSION["switching_frequency"] = frozenset({"Hz"})
_SPEC_DIMENSION["i2c_max_clock"] = frozenset({"Hz"})
_SPEC_DIMENSION["spi_max_clock"] = frozenset({"Hz"})
_SPEC_DIMENSION["conversion_time"] = frozenset({"s"})
_SPEC_DIMENSION["response_time"] = frozenset({"s"})
_SPEC_DIMENSION["soft_start_time"] = frozenset({"s"})
_SPEC_DIMENSION["humidity_range"] = frozenset({"%"})
_SPEC_DIMENSION["resolution_bits"] = frozenset({"bit"})
_SPEC_DIMENSION["coil_resistance"] = frozenset({"Ω"})
_SPEC_DIMENSION["on_resistance"] = frozenset({"Ω"})
_SPEC_DIMENSION["frequency_range"] = frozenset({"Hz"})
_SPEC_DIMENSION["bandwidth"] = frozenset({"Hz"})
_SPEC_DIMENSION["measurement_range"] = frozenset(
    {"K", "%", "Pa", "lx", "A", "V", "m³/s", "ppm", "m/s²", "rad/s", "°", "deg", "m", "Hz", "Ω"}
)
# A relay's pick-up and drop-out voltages are often given as a percentage of the nominal.
_SPEC_DIMENSION["pickup_voltage"] = frozenset({"V", "%"})
_SPEC_DIMENSION["dropout_voltage_relay"] = frozenset({"V", "%"})
_SPEC_DIMENSION["thermal_resistance"] = frozenset({"K/W"})
_SPEC_DIMENSION["rf_output_power"] = frozenset({"dBm", "dB"})

_TEXT_SPECS = frozenset({"interface", "package", "output_type", "i2c_address"})
_TEXT_SPEC_WORDS: dict[str, re.Pattern[str]] = {
    "interface": re.compile(
        r"(?i)\bi2c\b|i²c|\bi\s?2\s?c\b|\bspi\b|\buart\b|1-wire|one-wire|single[\s-]bus|"
        r"\banalog\b|\bdigital\b|\bttl\b|\bpwm\b|\bsmbus\b|\bpulse\b|wi-?fi|bluetooth|\bcan\b"
    ),
    "package": re.compile(
        r"(?i)\b(soic|sot|qfn|dfn|lga|bga|dip|pdip|to-?\d+|tssop|msop|vssop|ssop|sop|x2qfn|"
        r"module|smd|lcc)\b|\d+\s*mm\s*[x×]"
    ),
    "output_type": re.compile(r"(?i)analog|digital|ttl|open[\s-]drain|push[\s-]pull|pwm|pulse"),
    "i2c_address": re.compile(r"(?i)0x[0-9a-f]{2}|[01]{7}"),
}
_UNITLESS_SPECS = frozenset(
    {"channels", "pin_count", "resolution_bits", "pulse_factor", "pulse_count"}
)


_SYMBOL_FIRST = frozenset(
    {
        "output_voltage_high",
        "output_voltage_low",
        "logic_high_threshold",
        "logic_low_threshold",
        "input_common_mode_range",
        "input_offset_voltage",
        "dropout_voltage",
    }
)


_IO_RAIL = re.compile(r"(?i)^V\s?(?:DD|CC)?\s?_?I/?O\b|^V\s?(?:DD|CC)\s?_?IO\b|^VLOGIC\b|^VL\b")


def map_spec(parameter: str, symbol: str | None, section_kind: str) -> str | None:
    """The vocabulary spec for a parameter name (and symbol), or None when no rule matches."""
    if symbol:
        # A standard symbol (VOH, VIL, VICR) is more exact than a wordy label
        # ("Output Voltage–High Limit").
        sym = symbol.lower().strip()
        sym = re.sub(r"^([a-z]{2,4})_.*$", r"\1", sym)  # "Vil_si", "Vol_SDO_1.2"
        for pattern, spec in _SPEC_RULES:
            if re.search(pattern, sym):
                if spec in _SYMBOL_FIRST:
                    return _absolute(spec, section_kind)
                break
    label = parameter.lower().replace("\u2013", "-").replace("\u2014", "-").replace("i²c", "i2c")
    # Conditions written into the label ("(TA = Thigh to Tlow)", "TJ = +25°C") name other
    # quantities; they must not decide the spec.
    label = re.sub(r"\([^)]*[=<>≤≥][^)]*\)?", " ", label)
    label = re.sub(r"\b\w{1,6}\s*[=<>≤≥].*$", " ", label)
    label = re.sub(r"\s+", " ", label).strip()
    if not label:
        return None
    if section_kind == "recommended_operating" and re.fullmatch(
        r"(?:ambient\s+|free[\s-]air\s+)?temperature(?:\s+range)?|ambient", label
    ):
        # A bare "Temperature" row under recommended operating conditions is the operating range.
        return "operating_temperature"
    for pattern, spec in _SPEC_RULES:
        if re.search(pattern, label):
            if spec == "supply_voltage" and symbol and _IO_RAIL.match(symbol.strip()):
                # "Supply Voltage  VDDIO": the rail that powers the interface pins is the
                # logic supply, not the part's main supply.
                return _absolute("logic_supply_voltage", section_kind)
            return _absolute(spec, section_kind)
    if symbol:
        sym = symbol.lower()
        for pattern, spec in _SPEC_RULES:
            if re.search(pattern, sym):
                return _absolute(spec, section_kind)
    return None


_LABEL_FILLER = frozenset({"of", "the", "a", "an", "in", "at", "for", "to", "by"})


def label_spec(parameter: str) -> str | None:
    """A spec named after the source's own label, for a row no vocabulary rule covers.

    "Heater Resistance" becomes ``heater_resistance`` (the design's "add others in the same
    style"). Questions reach such a fact through the words of its label (the QA's label match).
    A label of one word, or with conditions, digits or over five words besides small ones
    ("of", "the"), is too loose: None.
    """
    # brackets and footnote marks ("[3]") are not part of the name
    label = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", parameter.translate(_DASHES)).strip().lower()
    # "I2C Data Hold Time" (or "I C …", its superscript lost): the bus is no part of the name;
    # "‘L’ Period of the SCL Clock" is its low period
    label = re.sub(r"^i\s?[2²]?\s?c\s+", "", label)
    label = re.sub(r"[‘'’]([lh])[‘'’]", lambda m: "low" if m.group(1) == "l" else "high", label)
    if "," in label and re.search(r"\d", label.split(",", 1)[1]) and parameter[:1].isupper():
        # "Terminal torque, J1 and J2": what follows the comma says where, not what. (Not a
        # fragment of a label broken over lines, "highest LNA gain, Band2,".)
        label = label.split(",", 1)[0]
    if parameter[:1].isupper():
        # "Duty Cycle of transmission at +20 dBm output": the figure after "at" is the row's
        # condition, not its name.
        label = re.split(r"\s+(?:at|@)\s+[-+±]?\d", label, maxsplit=1)[0]
    # Small words carry nothing ("Resistance of internal pull-up resistor").
    words = [w for w in re.findall(r"[a-z]+", label) if w not in _LABEL_FILLER]
    if not 2 <= len(words) <= 5 or re.search(r"[\d=<>±]", label) or len(" ".join(words)) < 6:
        return None
    if any(len(w) < 2 for w in words):
        return None
    return "_".join(words)


def _absolute(spec: str, section_kind: str) -> str:
    # In an absolute-maximum table, the supply and input voltages are ratings, not operating
    # ranges; they get their own specs so that no rule can mistake them for operating limits.
    if section_kind != "absolute_maximum":
        return spec
    if spec in ("supply_voltage", "logic_supply_voltage"):
        return "absolute_max_supply_voltage"
    if spec in ("input_voltage_range", "logic_input_voltage"):
        return "absolute_max_input_voltage"
    return spec


# --- numbers --------------------------------------------------------------------------------

_NUM = r"[+\-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+\-]?\d+)?"
_DASHES = str.maketrans(
    {
        "\u2013": "-",
        "\u2212": "-",
        "\u2014": "-",
        "\uff5e": "~",
        "\u00a0": " ",
        "\uff1a": ":",
        "\uff08": "(",
        "\uff09": ")",
        "\u2264": "<=",
        "\u2265": ">=",
    }
)


def _norm(text: str) -> str:
    t = text.translate(_DASHES)
    t = t.replace("+-", "±").replace("+/-", "±")
    # "- 65°C": a minus sign set apart from its number.
    t = re.sub(r"(^|[\s(])-\s+(?=\d)", r"\1-", t)
    t = re.sub(r"(?i)celsius|degrees?\s*c\b|degc\b|deg\.?\s*c\b|℃", "°C", t)
    t = re.sub(r"(?i)\bdegrees\b", "°C", t)
    t = re.sub(r"(?i)liters?/minute|litres?/min(ute)?", "L/min", t)
    return t.strip()


def _to_float(s: str) -> float:
    return float(s.replace(",", ""))


@dataclass(slots=True)
class Parsed:
    """A quantity read from text: min/typ/max or a ± value, and the unit printed with it."""

    min: float | None = None
    typ: float | None = None
    max: float | None = None
    value: float | None = None
    plus_minus: bool = False
    unit: str | None = None
    qualifier: str | None = None
    tolerance: float | None = None
    text: str = ""


_UNIT_TOKEN = r"(?P<unit>[%°µμuμmkMGnpΩa-zA-Z][^\s;,()]*?(?:\s?RH)?)"


# Counts written as words in tables and questions ("More than six months", "two weeks").
NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}


def parse_quantity_text(text: str) -> Parsed | None:
    """Read one quantity from free text: ``3.3-5.5V``, ``-40~80°C``, ``±2%RH``, ``<50uA``,
    ``2.7 to 5.5 V``, ``15mA @ 5V`` (the part after ``@`` is a condition, not read here)."""
    t = _norm(text)
    t = t.split("@")[0]
    # "Not less than 48 hours" is a minimum, "no more than 5 V" a maximum
    t = re.sub(r"(?i)\bno[t]?\s+(?:less|shorter|lower)\s+than\s*", ">=", t)
    t = re.sub(r"(?i)\bno[t]?\s+(?:more|greater|longer|higher)\s+than\s*", "<=", t)
    first = t.split("  ")[0]
    if _RAIL_FACTOR.search(first):
        return None  # "0.7*VLOGIC to VLOGIC + 0.5V": bounds relative to a rail, not volts
    if re.search(r"[A-Za-z]\(\s*\d", first) and not re.match(rf"^\s*[<>=±]*\s*{_NUM}", first):
        return None  # "Rs(in air)/Rs(2000ppm C3H8)≥5": a ratio of quantities, not a figure
    if re.search(r"\d\s*\((?!\s*(typ|max|min|note))[^)]*[A-Za-z]", first):
        return None  # "±0.5(AVDD/GAIN)": a figure scaled by an expression, not a quantity
    if len(re.findall(r"[~…]", t.split("  ")[0])) > 1:
        return None  # "-100…-0.5~0~0.5…1500": a list of ranges, not one quantity
    t = re.split(r"\s\(", t)[0] if not re.match(r"^\s*\(", t) else t
    # range: a - b unit | a to b unit | a~b unit
    m = re.search(
        # ("to" is no unit of the first figure: "-40 to -10 °C" is not -40 "to" - 10)
        rf"(?P<a>{_NUM})\s*(?P<ua>(?!to\b)[^\d\s~\-±<>=….]*)\s*(?:-|~|to|…+\.*|\.{{2,}})\s*(?P<b>{_NUM})\s*{_UNIT_TOKEN}?(?=$|[\s;,)(])",
        t,
    )
    if m and re.search(r"±\s*\d", t[m.end() :]):
        m = None  # "0…65 °C  ±0.5 °C": the range is a condition, the ± figure is the value
    if m and not re.match(r"^\s*±", t):
        unit = (m.group("unit") or m.group("ua") or "").strip() or None
        a, b = _to_float(m.group("a")), _to_float(m.group("b"))
        if a > b and a < 0:
            a, b = b, a  # "-111 to -136 dBm": two negative ends, the larger first
        if a <= b:
            return Parsed(min=a, max=b, unit=_clean_unit(unit), text=m.group(0))
    m = re.search(
        rf"(?P<n>{_NUM})\s?(?P<un>[A-Za-zµ%°Ω℃]+)?\s?±\s*(?P<a>{_NUM})\s*{_UNIT_TOKEN}?(?=$|[\s;,)(])",
        t,
    )
    if m and re.search(r"(?:…|\.\.|~|\bto|[-–])\s*$", t[: m.start()]):
        m = None  # "0…65 °C ±0.5 °C": the end of a range (a condition), not a nominal
    if m:
        # "5.0V±0.1V": a nominal value and its tolerance. The bounds it implies (4.9, 5.1) are
        # not printed, so they are not stored: every stored number must be in the evidence.
        n, a = _to_float(m.group("n")), abs(_to_float(m.group("a")))
        unit = _clean_unit(m.group("un") or m.group("unit"))
        return Parsed(
            typ=n,
            unit=unit,
            qualifier="nominal±tolerance",
            tolerance=a,
            text=m.group(0),
        )
    m = re.search(rf"±\s*(?P<a>{_NUM})\s*{_UNIT_TOKEN}?(?=$|[\s;,)(])", t)
    if m:
        a = abs(_to_float(m.group("a")))
        return Parsed(
            min=-a,
            max=a,
            value=a,
            plus_minus=True,
            unit=_clean_unit(m.group("unit")),
            text=m.group(0),
        )
    m = re.search(
        rf"(?P<q><=|>=|<|>|max\.?|min\.?|typ\.?)?\s*(?P<a>{_NUM})\s*{_UNIT_TOKEN}?"
        rf"(?:\s*(?P<q2>max\.?|min\.?|typ\.?))?(?=$|[\s;,)(])",
        t,
        re.I,
    )
    if m:
        a = _to_float(m.group("a"))
        q = (m.group("q") or m.group("q2") or "").lower().rstrip(".")
        unit = _clean_unit(m.group("unit"))
        if unit and unit.lower() in ("max", "min", "typ"):
            q, unit = unit.lower(), None
        if q in ("<", "<=", "max"):
            return Parsed(max=a, unit=unit, qualifier=q, text=m.group(0))
        if q in (">", ">=", "min"):
            return Parsed(min=a, unit=unit, qualifier=q, text=m.group(0))
        if q == "typ":
            return Parsed(typ=a, unit=unit, text=m.group(0))
        return Parsed(value=a, unit=unit, text=m.group(0))
    return None


def _clean_unit(unit: str | None) -> str | None:
    if not unit:
        return None
    u = unit.strip().rstrip(".;:,")
    u = re.sub(r"(?i)^(dc|ac)$", "", u)
    u = re.sub(r"(?i)(v)(dc|ac)$", r"\1", u)
    if u.endswith("DC") and len(u) > 2:
        u = u[:-2]
    return u or None


# A bound printed relative to a supply or ground rail ("0.7 VDD", "VDD + 0.3", "GND – 0.3",
# "VCC/2", "0.8 × VDDIO", "20 %VDDIO"): its volts depend on the supply, so it is kept as text.
_RAIL_NAME = (
    r"(?:GND|AGND|DGND|DVI|"
    r"[AD]?V\s?(?:DD|CC|SS|EE|S|IN|IO|BAT|REF|M|LOGIC|BUS|SUPPLY|IH)[A-Za-z0-9_()]*)"
)
_RAIL = rf"(?:{_RAIL_NAME}|V[+\-])"
SUPPLY_RELATIVE = re.compile(
    rf"^\(?\s*(?:"
    rf"(?:{_NUM})\s*%?\s*[x×*·]?\s*\(?\s*{_RAIL}\s*\)?"
    rf"|{_RAIL}\s*(?:[+\-]\s*(?:{_NUM})\s*(?:m?V)?|/\s*\d+(?:\.\d+)?|[x×*]\s*(?:{_NUM}))?"
    rf")\s*\)?$"
)


# A figure scaled by or offset from a rail somewhere inside a longer text ("0.3*VDD",
# "0.7 VCC", "VDD + 0.3"): such a text holds no plain-volt bound.
_RAIL_FACTOR = re.compile(rf"\d\s?[×x*·]?\s?{_RAIL_NAME}(?![a-z])|{_RAIL_NAME}\s*[+\-]\s*\d")


def is_supply_relative(text: str) -> bool:
    """True for a bound written relative to a rail (``0.7 VDD``, ``VDD + 0.3``, ``VCC/2``)."""
    t = _norm(text).replace("\u00d7", "×")
    # Some makers print the rail in lower case ("Vcc×0.7", "Vdd + 0.3").
    t = re.sub(r"(?i)\bv(cc|dd|ss|ddio|io)(?![a-z])", lambda m: "V" + m.group(1).upper(), t)
    return bool(SUPPLY_RELATIVE.match(t))


_CELL_EMPTY = re.compile(r"^\s*(?:-|–|—|―|n/?a|null|\.\.\.)?\s*$", re.I)


def parse_cell(cell: str | None) -> tuple[float | None, str | None, str | None, bool]:
    """A min/typ/max cell → (number, unit printed in the cell, expression text, plus_minus).

    ``"–0.3"`` → -0.3; ``"±1.5"`` → 1.5 with plus_minus; ``"VDD + 0.3"`` → expression text only
    (a bound relative to the supply is kept as text, never computed); ``"–"`` → nothing.
    """
    if cell is None or _CELL_EMPTY.match(cell):
        return None, None, None, False
    t = _norm(cell)
    t = re.sub(r"(?<=\d)[※*]+|\(\d\)$|\[\d\]$", "", t).strip()
    if re.fullmatch(r"\(?\d{1,2}\)|\(", t):
        return None, None, None, False  # a footnote marker split off its row
    if is_supply_relative(t):
        return None, None, cell.strip(), False  # "0.7 VDD": never read as 0.7 V
    # ">5" under Min (a one-sided bound printed with its sign): the figure is the bound
    m = re.fullmatch(rf"(?:[<>]=?|[≤≥])?\s*(±)?\s*({_NUM})\s*([^\d\s][^\s]*)?", t)
    if m:
        unit = _clean_unit(m.group(3))
        return (
            abs(_to_float(m.group(2))) if m.group(1) else _to_float(m.group(2)),
            unit,
            None,
            bool(m.group(1)),
        )
    return None, None, t, False


# --- rows → facts ---------------------------------------------------------------------------

_QUANTITY_WORDS = (
    "humidity",
    "temperature",
    "pressure",
    "illuminance",
    "light",
    "current",
    "voltage",
    "flow",
    "acceleration",
    "gyro",
    "accelerometer",
)


def _si(values: dict[str, float | None], unit: str | None, spec: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if unit is None:
        return out
    si_unit = None
    for key, v in values.items():
        if v is None:
            continue
        sv, si_unit = to_si(v, unit, spec)
        out[f"si_{key}"] = float(f"{sv:.12g}")
    if si_unit is not None:
        out["si_unit"] = si_unit
    return out


def unit_dimension(unit: str | None, spec: str) -> str | None:
    """The SI unit a printed unit reduces to (``"mV"`` → ``"V"``), or None when unreadable."""
    if unit is None:
        return None
    try:
        return to_si(1.0, unit, spec)[1]
    except UnknownUnitError:
        return None


_RAIL_UNIT = re.compile(r"^\s*(%)?\s*(V\s?(?:DD|CC)(?:IO|I|_?IO)?|VLOGIC|VIO)\s*$", re.I)


def _rail_unit_to_text(row: RowRecord) -> None:
    """A "Unit" column that names a rail ("0.8 | VDD", "80 | %VDDIO") makes every figure a
    fraction of that supply: the cells become rail-relative text ("0.8×VDD", "80 %×VDDIO") in
    volts, the same as a bound printed "0.7 VDD", so that no figure is read as plain volts."""
    m = _RAIL_UNIT.match(row.unit or "")
    if m is None:
        return
    rail = m.group(2).upper().replace(" ", "").replace("_", "")
    if rail.endswith("DDI"):
        rail += "O"  # "%VDDI" with its "O" wrapped onto the next line
    for key in ("min", "typ", "max"):
        v, _u, _expr, _pm = parse_cell(getattr(row, key))
        if v is not None:
            # A percentage stays one, so that an answer quotes the figure the source prints.
            setattr(row, key, f"{v:g} %×{rail}" if m.group(1) else f"{v:g}×{rail}")
    row.unit = "V"


_VOCABULARY = frozenset(spec for _pattern, spec in _SPEC_RULES)
# A word that names a kind of quantity, and the dimension of a figure of that kind.
QUANTITY_DIMENSION = {
    "voltage": "V",
    "current": "A",
    "frequency": "Hz",
    "time": "s",
    "delay": "s",
    "resistance": "Ω",
    "temperature": "K",
    "power": "W",
    "capacitance": "F",
}


def _time_unit(unit: str | None, spec: str) -> str | None:
    """ "2.5 mS" of a response time is milliseconds, not millisiemens: many sheets print a time
    unit in capitals. Only a spec that is a time (by dimension or by name) is read so."""
    timed = "s" in _SPEC_DIMENSION.get(spec, ()) or re.search(r"(?:^|_)(?:time|delay)(?:_|$)", spec)
    if unit and timed and re.fullmatch(r"[munµμ]?S", unit.strip()):
        return unit.strip()[:-1] + "s"
    return unit


def spec_dimensions(spec: str) -> frozenset[str]:
    """The unit dimensions a spec's figures may carry (empty when the spec sets none)."""
    return _SPEC_DIMENSION.get(spec, frozenset())


def _refine_spec(spec: str, unit: str | None, parameter: str) -> str | None:
    """Adjust a spec by the row's unit: resolution in bits, dimension checks."""
    dim = unit_dimension(unit, spec)
    if spec == "resolution" and dim == "bit":
        return "resolution_bits"
    if spec in ("channels", "pin_count") and unit is not None:
        return None
    if spec == "resolution" and dim == "s":
        return "conversion_time"
    if spec in _TEXT_SPECS:
        return None if dim is not None else spec
    if spec == "measurement_range" and dim == "bit":
        return None
    allowed = _SPEC_DIMENSION.get(spec)
    # The head of the label names what it measures: its last word, or the word before a
    # preposition ("current during temperature measurement" is a current).
    words = spec.split("_")
    cut = next((i for i, w in enumerate(words) if w in ("during", "at", "for", "in", "with")), None)
    head = QUANTITY_DIMENSION.get(words[cut - 1] if cut else words[-1])
    if spec not in _VOCABULARY and head and dim not in (None, "%", head):
        # A spec named after its label says what it measures: "input_low_voltage" in mA is a
        # row read wrong, not a current.
        return None
    if allowed is not None and dim is not None and dim not in allowed:
        if spec == "supply_voltage" and dim == "A":
            return "supply_current"
        if spec in ("supply_current", "sleep_current") and dim == "W":
            return "power_consumption"
        return None
    return spec


_GLUED_WORDS = re.compile(
    r"(?<![A-Za-z])([A-Z]?[a-z]{4,}|[A-Z][a-z]{3,})([A-Z][a-z]{2,})(?![A-Za-z])"
)


def facts_from_row(
    row: RowRecord, device: str, doc: str
) -> tuple[list[Fact], list[ExtractWarning]]:
    """Turn one row into facts (usually one; a "humidity …; temperature …" cell gives two)."""
    warnings: list[ExtractWarning] = []
    # "TotalDrop", "Long-RangeMode": words a PDF printed without the space between them.
    row.parameter = _GLUED_WORDS.sub(r"\1 \2", row.parameter)
    spec = map_spec(row.parameter, row.symbol, row.section_kind) or label_spec(row.parameter)
    if spec is None:
        return [], warnings
    if (
        spec == "supply_current"
        and row.condition
        and re.search(r"(?i)stand-?by|sleep|power[\s-]*down|shutdown|idle", row.condition)
    ):
        spec = "sleep_current"
    if (
        spec == "voltage_range"
        and row.section_kind != "absolute_maximum"
        and _IO_RAIL.match((row.symbol or row.condition or "").strip())
    ):
        # "Voltage Range  VLOGIC must be ≤VDD at all times  1.71  VDD": the range of the rail
        # that powers the interface pins is the logic supply.
        spec = "logic_supply_voltage"
    applies = dict(row.applies_to)
    if row.variant:
        applies.setdefault("variant", row.variant)
    if (
        spec == "absolute_max_supply_voltage"
        and map_spec(row.parameter, row.symbol, "general") == "logic_supply_voltage"
    ):
        # Both rails of a driver share one absolute-maximum spec; say which one this is.
        applies.setdefault("supply", "logic")

    base: dict[str, Any] = {
        "device": device,
        "variant": row.variant,
        "parameter": row.parameter.strip(),
        "symbol": row.symbol,
        "condition": row.condition or None,
        "section_kind": row.section_kind,
        "doc": doc,
        "citation": row.citation,
        "evidence": row.evidence.strip()[:300],
        "section": row.section or None,
        "page": row.page,
    }

    if row.value is not None and row.min is None and row.typ is None and row.max is None:
        return _facts_from_value_text(row, spec, base, applies, warnings)

    for key in ("min", "typ", "max"):
        cell = getattr(row, key)
        if not cell or any(
            getattr(row, k) not in (None, "", "-", "–") for k in ("min", "typ", "max") if k != key
        ):
            continue
        # "-0.5 to 0.3*VDD" in one column: a plain lower bound and a rail-relative upper;
        # "-40～85" printed in one column is a min and a max, not one number.
        rng = _rail_range(cell) or _cell_range(cell)
        if rng is not None:
            row.min, row.typ, row.max = rng[0], None, rng[1]
            if rng[2] and not row.unit:
                row.unit = rng[2]
            break
    _rail_unit_to_text(row)
    if row.section_kind == "absolute_maximum" and row.typ and not row.min and not row.max:
        # A single rating in an absolute-maximum table is a limit.
        row.max, row.typ = row.typ, None
    nums: dict[str, float | None] = {}
    texts: dict[str, str] = {}
    cell_units: list[str] = []
    pm = False
    for key in ("min", "typ", "max"):
        v, u, expr, is_pm = parse_cell(getattr(row, key))
        nums[key] = v
        if u:
            cell_units.append(u)
        if expr:
            texts[f"{key}_text"] = expr
        pm = pm or is_pm
    if spec in _TEXT_SPECS:
        return [], warnings  # a number in a table row is not an interface name
    listed = next(
        (t for t in texts.values() if re.fullmatch(rf"\s*{_NUM}(?:\s*,\s*{_NUM}){{2,}}\s*", t)),
        None,
    )
    if all(v is None for v in nums.values()) and listed and row.unit:
        # "Data rate  8, 16, 32, 64, 128, 250, 475, 860  SPS": the values one may select.
        choices = [_to_float(x) for x in re.findall(_NUM, listed)]
        fact = Fact(
            **base,
            spec=spec,
            value=", ".join(x.strip() for x in listed.split(",")),
            min=min(choices),
            max=max(choices),
            unit=row.unit,
            **_si({"min": min(choices), "max": max(choices)}, row.unit, spec),
            applies_to=applies,
            extra={"choices": choices},
        ).with_id()
        return [fact], warnings
    if all(v is None for v in nums.values()):
        if texts and all(
            is_supply_relative(t) or re.search(r"(?i)\b(v\s?dd|v\s?cc|gnd|v\s?s|vin|v\s?ddio)\b", t)
            for t in texts.values()
        ):
            # Only symbolic bounds ("GND", "VDD + 0.3"): keep them as text, no number invented.
            unit = row.unit
            if unit is None or unit_dimension(unit, spec) != "V":
                return [], warnings  # rail names in a pin table are not bounds
            fact = Fact(
                **base, spec=spec, unit=unit, applies_to=applies, extra=dict(texts)
            ).with_id()
            return [fact], warnings
        return [], warnings
    unit = row.unit or (cell_units[0] if cell_units else None)
    if (
        row.unit
        and cell_units
        and unit_dimension(row.unit, spec) != unit_dimension(cell_units[0], spec)
    ):
        # "–10%  10%" under a unit taken from a neighbouring row: the cell's own unit holds.
        unit = cell_units[0]
    if unit and unit.strip() in ("-", "–"):
        unit = None
    unit = _time_unit(unit, spec)
    if unit is None and spec not in _UNITLESS_SPECS:
        # A figure without a unit cannot be checked or compared; it stays out.
        return [], warnings
    if unit is not None:
        try:
            canonical_unit(unit)
        except UnknownUnitError:
            if not re.search(r"\d", unit):
                warnings.append(
                    ExtractWarning(
                        row.citation,
                        "unknown_unit",
                        unit,
                        f"row {row.parameter.strip()!r}; fact skipped",
                    )
                )
            return [], warnings
    # A vocabulary spec the unit contradicts ("fc (Vi) Commutation Frequency … kHz" is no input
    # voltage) leaves the row to its own label.
    refined = _refine_spec(spec, unit, row.parameter) or _refine_spec(
        label_spec(row.parameter) or spec, unit, row.parameter
    )
    if refined is None:
        return [], warnings
    spec = refined
    extra: dict[str, Any] = dict(texts)
    value: float | None = None
    if pm and nums["typ"] is not None and nums["min"] is None and nums["max"] is None:
        # "±1.5" in the typ column: a symmetric tolerance.
        value = nums["typ"]
        nums = {"min": -value, "typ": None, "max": value}
        extra["plus_minus"] = True
    elif pm and nums["max"] is not None and nums["min"] in (None, 0.0):
        # "0 … ±40 mV" or "±20 … ±125 µV": the limit holds in both directions, so the span is
        # −40 … +40; a typical figure stays as printed (its magnitude).
        extra["plus_minus"] = True
        if nums["min"] == 0.0:
            extra["min_printed"] = 0.0
        nums = {"min": -nums["max"], "typ": nums["typ"], "max": nums["max"]}
    try:
        si = _si({**nums, "value": value}, unit, spec)
    except UnknownUnitError:
        warnings.append(ExtractWarning(row.citation, "unknown_unit", unit or "", row.parameter))
        return [], warnings
    fact = Fact(
        **base,
        spec=spec,
        value=value,
        min=nums["min"],
        typ=nums["typ"],
        max=nums["max"],
        unit=unit,
        applies_to=applies,
        extra=extra,
        **si,
    ).with_id()
    return [fact], warnings


def _rail_range(text: str) -> tuple[str, str, str | None] | None:
    """ "-0.5V to VDD + 0.5V" → ("-0.5", "VDD + 0.5V", "V"): a range one of whose ends is
    written relative to a rail; each end is returned as printed."""
    t = _norm(text).strip()
    m = re.fullmatch(r"(?P<a>.+?)\s*(?:\bto\b|~|…|\.\.\.)\s*(?P<b>.+)", t)
    if not m:
        return None
    ends = []
    unit = None
    for part in (m.group("a").strip(), m.group("b").strip()):
        if is_supply_relative(part):
            ends.append(part)
            continue
        n = re.fullmatch(rf"({_NUM})\s*(m?V)?", part)
        if n is None:
            return None
        ends.append(n.group(1))
        unit = unit or n.group(2)
    if not any(is_supply_relative(e) for e in ends):
        return None
    return ends[0], ends[1], unit or "V"


def _cell_range(cell: str) -> tuple[str, str, str | None] | None:
    t = _norm(cell)
    if _RAIL_FACTOR.search(t):
        return None  # "-0.5 to 0.3*VDD": one end is relative to a rail; kept as text
    m = re.fullmatch(rf"({_NUM})\s*(?:~|to|\.\.\.?|…|-)\s*({_NUM})\s*([^\d\s]\S*)?", t)
    if m and _to_float(m.group(1)) <= _to_float(m.group(2)):
        return m.group(1), m.group(2), m.group(3)
    return None


def _split_quantities(text: str) -> list[tuple[str | None, str]]:
    """ "humidity 0-100%RH; temperature -40~80°C" → [("humidity", ...), ("temperature", ...)]."""
    words = "|".join(_QUANTITY_WORDS)
    parts = [
        p.strip()
        for p in re.split(rf"[;；]|\s{{2,}}(?=(?:{words})\b)", text, flags=re.I)
        if p.strip()
    ]
    out: list[tuple[str | None, str]] = []
    for p in parts:
        q = None
        for w in _QUANTITY_WORDS:
            if re.match(rf"(?i)\s*{w}\b", p):
                q = w
                p = re.sub(rf"(?i)^\s*{w}\s*:?", "", p)
                break
        out.append((q, p))
    return out


def _facts_from_value_text(
    row: RowRecord,
    spec: str,
    base: dict[str, Any],
    applies: dict[str, Any],
    warnings: list[ExtractWarning],
) -> tuple[list[Fact], list[ExtractWarning]]:
    assert row.value is not None
    text = row.value
    if spec in _TEXT_SPECS:
        value = _norm(text)[:120]
        if not _TEXT_SPEC_WORDS[spec].search(value):
            return [], warnings  # "Interface  A0" is a pin name, not an interface
        fact = Fact(**base, spec=spec, value=value, applies_to=applies).with_id()
        return [fact], warnings
    facts: list[Fact] = []
    split = _rail_range(text.split("  ")[0])
    if split is not None and spec not in _TEXT_SPECS:
        rrow = RowRecord(
            row.parameter,
            row.citation,
            row.section,
            row.section_kind,
            row.evidence,
            row.page,
            symbol=row.symbol,
            condition=row.condition,
            min=split[0],
            max=split[1],
            unit=row.unit or split[2],
            variant=row.variant,
            applies_to=dict(row.applies_to),
        )
        return facts_from_row(rrow, base["device"], base["doc"])
    hl = re.search(
        rf"(?i)\bhigh\b\s*[:=]?\s*(?P<h>{_NUM})\s*V\b.*?\blow\b\s*[:=]?\s*(?P<l>{_NUM})\s*V\b",
        _norm(text),
    )
    if hl and spec in ("output_voltage", "output_type", "interface"):
        # "High 3.3 V /Low 0V": the two output levels, each its own fact.
        for lvl_spec, num in (
            ("output_voltage_high", hl.group("h")),
            ("output_voltage_low", hl.group("l")),
        ):
            v = _to_float(num)
            si = _si({"value": v}, "V", lvl_spec)
            facts.append(
                Fact(**base, spec=lvl_spec, value=v, unit="V", applies_to=applies, **si).with_id()
            )
        return facts, warnings
    for quantity, part in _split_quantities(text):
        parsed = parse_quantity_text(part)
        if parsed is None:
            continue
        unit = _time_unit(parsed.unit or row.unit, spec)
        if unit is None and spec not in _UNITLESS_SPECS:
            continue
        if unit is not None:
            try:
                canonical_unit(unit)
            except UnknownUnitError:
                # Free text after a number is usually a word, not a unit: skip quietly unless
                # the row came from a table's unit column.
                if row.unit:
                    warnings.append(
                        ExtractWarning(
                            row.citation,
                            "unknown_unit",
                            unit,
                            f"line {row.parameter.strip()!r}; fact skipped",
                        )
                    )
                continue
        this_spec = spec
        if quantity == "humidity" and spec in ("measurement_range",):
            this_spec = "humidity_range"
        refined = _refine_spec(this_spec, unit, row.parameter)
        if refined is None:
            continue
        scope = dict(applies)
        if quantity:
            scope["quantity"] = quantity
        extra: dict[str, Any] = {}
        if parsed.plus_minus:
            extra["plus_minus"] = True
        if parsed.qualifier:
            extra["qualifier"] = parsed.qualifier
        if parsed.tolerance is not None:
            extra["tolerance"] = parsed.tolerance
        cond = base["condition"]
        if "@" in text and not cond:
            cond = text.split("@", 1)[1].strip()[:80]
        try:
            si = _si(
                {"min": parsed.min, "typ": parsed.typ, "max": parsed.max, "value": parsed.value},
                unit,
                refined,
            )
        except UnknownUnitError:
            continue
        b = {**base, "condition": cond}
        if (
            row.section_kind == "absolute_maximum"
            and parsed.value is not None
            and not parsed.plus_minus
        ):
            # A single rating in an absolute-maximum list is a limit ("Input Voltage 15V").
            parsed.max, parsed.value = parsed.value, None
        facts.append(
            Fact(
                **b,
                spec=refined,
                value=parsed.value,
                min=parsed.min,
                typ=parsed.typ,
                max=parsed.max,
                unit=unit,
                applies_to=scope,
                extra=extra,
                **si,
            ).with_id()
        )
    return facts, warnings

# ruff: noqa: E501
# The phrase tables below are regular expressions; split across lines they become unreadable.
"""Deterministic question routing: which devices, which specs, which conditions, which route.

The parser reads a datasheet question the way an engineer writes it ("What is the supply voltage
range of the BME280?", "Can an AMS1117-3.3 power an ESP32-WROOM-32 at its peak current?") and
returns a :class:`ParsedQuestion`. Nothing here knows a particular question: devices come from
the fact store's device table, specs from a phrase lexicon over the spec vocabulary of DESIGN.md.
"""

from __future__ import annotations

import difflib
import functools
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from search.datasheets._extract import NUMBER_WORDS, spec_dimensions
from search.datasheets._facts import DEVICES, squash

logger = logging.getLogger(__name__)

__all__ = [
    "SPEC_PHRASES",
    "DeviceMention",
    "ParsedQuestion",
    "RouteName",
    "final_question",
    "normalize_question",
    "parse_question",
    "without_reason",
]

RouteName = Literal["simple", "structured", "comparison", "compatibility"]

Bound = Literal["min", "typ", "max"]

# "onto its output", "back-feeds the board": a voltage forced on a part's output
FORCED_ON_OUTPUT = re.compile(
    r"(?i)\bback[- ]?feed\w*|\b(?:onto|into) (?:the |its |\S+'s )?output\b"
)

# Phrase patterns → candidate specs, most specific first. The first spec of a tuple is preferred;
# the others are tried when the store holds no fact under the first name. A phrase consumed by a
# more specific pattern is not matched again by a shorter one ("absolute maximum supply voltage"
# does not also count as "supply voltage").
# "mV per bit", "volts / LSB": a step asked in volts
_VOLTS_PER_STEP = r"\b(?:m|µ|u)?v(?:olts?)? (?:per|/) ?(?:bit|lsb|count|step)\b"

# How far a figure may be from the true one: "how far off can a reading be", "how much could
# the readback be off by", "how much can the real output deviate"
_OFF_BY = r"\bhow far off\b|\bhow much (?:could|can|might|may|would)\b.{0,40}\b(?:be off|deviate)\b"

SPEC_PHRASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Op-amp offset: before every "input voltage" phrase, which it contains.
    (r"\binput offset current|\boffset current|\biio\b", ("input_offset_current",)),
    # An adjustable regulator's ADJ pin current.
    (
        r"\badj(?:ust)?(?:ment)? pin current|\bcurrent\b.{0,30}\badj(?:ust)? pin\b|\biadj\b",
        ("adjust_pin_current",),
    ),
    (r"\binput offset(?: voltage)?|\boffset voltage|\bvio\b|\bvos\b", ("input_offset_voltage",)),
    (
        r"\b(?:input )?common[- ]mode (?:input )?(?:voltage )?range|\bvicr\b"
        # "how high can the input common mode go", "common-mode voltage"
        r"|\binput common[- ]mode\b(?! rej)|\bcommon[- ]mode (?:input )?voltage\b",
        ("input_common_mode_range",),
    ),
    # A current sensor's own conductor: "how much resistance does it put in series with the motor"
    (
        r"\bconductor resistance|\brprimary\b"
        r"|\bresistance\b[^?.]{0,50}\b(?:in series with|(?:current|primary) path)\b",
        ("primary_conductor_resistance",),
    ),
    # Gas sensors: the heater and how long it must burn in before readings hold.
    (r"\bheater (?:coil )?resistance|\bheater ohms\b|\brh\b(?= heater)", ("heater_resistance",)),
    # Junction-to-ambient is a thermal resistance, not an ambient temperature.
    (
        r"\bthermal resistance|\btheta[- ]?j[ac]\b|[θΘ]\s?j[ac]\b|\bjunction[- ]to[- ](?:ambient|case)",
        ("thermal_resistance",),
    ),
    # Burning in again after storage without power is its own figure ("aging time" per how
    # long the part was stored), else the first power-up's preheat.
    (
        r"\b(?:stor(?:ed|age)|unpowered|shelf|drawer|sat|sitting)\b.{0,160}"
        r"\b(?:burn(?:ed)?(?:[- ]?| \w+ )in\b|ag(?:e|ed|ing)\b|pre-?heat|warm)"
        r"|\bag(?:e|ing) time\b",
        ("aging_time",),
    ),
    (
        # (not "the burn-in rack": where boards are run, a place)
        r"\bpre-?heat(?:ing)?(?: time)?|\bwarm[- ]?up(?: time)?"
        r"|\bburn[- ]in(?: time)?(?!\s+(?:racks?|chambers?|ovens?|stations?|rooms?|shelf|area|fixtures?))",
        ("warm_up_time",),
    ),
    # A 1-Wire part's answer to a reset: how long it holds the line low (or waits high first).
    (
        r"\bpresence(?:[- ]detect)?(?: pulse)?\b.{0,60}\b(?:holds?|pulls?|keeps?)\b.{0,25}\blow\b"
        r"|\b(?:holds?|pulls?|keeps?) the (?:bus|line) low\b.{0,40}\bpresence",
        ("presence_detect_low",),
    ),
    # A flow sensor's range is the flow it measures, whatever the question calls it.
    # ... but "the flow sensor" names the part, not its range.
    (r"\bflow(?: rate)?(?: range)?\b(?! sensors?\b| meters?\b)", ("measurement_range",)),
    (r"\bduty[- ]cycle", ("duty_cycle", "duty_cycle_transmission")),
    # A PIR module's retrigger timings: how long the output holds, and the dead time after it.
    (r"\bblock(?:ing)? time|\block(?:out)? time|\bdead time", ("block_time",)),
    (
        r"\b(?:output )?delay time|\bhold time|(?<!power-)(?<!power )\bon[- ]time\b",
        ("delay_time", "response_time"),
    ),
    (
        r"absolute[- ]max(?:imum)?(?: rating(?:s)?)?(?: for| of)?(?: the)? (?:power[- ])?supply voltage"
        r"|absolute[- ]max(?:imum)? (?:vcc|vdd)|max(?:imum)? (?:rated )?supply voltage rating",
        ("absolute_max_supply_voltage",),
    ),
    (
        r"absolute[- ]max(?:imum)?(?: rating(?:s)?)?(?: for| of)?(?: the)? (?:analog |signal |pin )?"
        r"input(?: voltage)?\b(?! current)|absolute[- ]max(?:imum)? (?:voltage )?on (?:any|an?) "
        r"(?:input|pin)",
        ("absolute_max_input_voltage",),
    ),
    (
        r"\bi2c (?:slave |bus )?address(?:es)?|\bslave address(?:es)?|\bbus address(?:es)?"
        r"|\b(?:7|seven)[- ]bit (?:i2c )?address(?:es)?|\baddress(?:es)? in hex\b"
        r"|\bi2c addr\b|\baddress(?:es)? (?:does|can) (?:it|the \S+) use",
        ("i2c_address",),
    ),
    (
        r"\bi2c (?:clock|scl|bus speed|speed|frequency)|\bscl (?:clock|frequency|speed|rate)\b"
        # (not an address pin strapped to SCL: "ADDR to SCL", "A0=SCL")
        r"|(?<!to )(?<!=)(?<!= )\bscl\b(?! *(?:and|or|/|,) *sda|/sda| (?:pin|line|input)s?\b)"
        r"|\bi2c\b[\w -]{0,25}?\bclock\b"
        r"|\bmax(?:imum)? i2c"
        # "ina219 i2c: whats the max bus clock in Fast mode"
        r"|\bmax(?:imum)? bus (?:clock|speed|frequency)\b",
        ("i2c_max_clock",),
    ),
    (
        r"\bspi (?:clock|sck|speed|frequency)|\bsclk frequency|\bclock frequency.{0,20}\bspi",
        ("spi_max_clock",),
    ),
    (r"\bspi mode", ("spi_mode",)),
    # A bare "clock frequency" of a serial part: its SPI clock, else its I2C clock.
    (
        r"\b(?:serial )?(?:clock|clk) (?:frequency|freq|rate|speed)|\bmax(?:imum)? clock\b"
        r"|\bfclk\b|\bhow fast can (?:i|we|you) clock\b",
        ("spi_max_clock", "i2c_max_clock"),
    ),
    # a resistor pulling a pin up: "the BME280's internal pull-up resistor on CSB"
    (r"\bpull[- ]?up resist(?:or|ance)s?\b", ("pull_up_resistor",)),
    (
        # ("pulled up to VDDIO", "(to VDDIO)": where a pin connects, not the rail's voltage)
        r"\blogic (?:supply|power)(?! current)|(?<!to )(?<!\(to )\bvdd ?io\b|\bvlogic\b|\bi/o supply",
        ("logic_supply_voltage",),
    ),
    (
        r"\binput[- ]high(?: level)?(?: voltage| threshold)?|\bhigh[- ]level input(?: voltage)?|\bvih\b"
        r"|\blogic[- ]high (?:input )?(?:threshold|voltage)|\bas (?:a )?(?:valid )?(?:logic[- ])?high\b"
        # "what voltage does a GPIO need to read high"
        r"|\b(?:read|register|be seen|count|be detected)\s+(?:as\s+)?(?:a\s+)?(?:logic[- ])?high\b"
        # "the minimum high level on SCL/SDA": what an input takes as high
        r"|\bmin(?:imum)? high[- ]level (?:on|at|for) (?:the |its )?(?:scl|sda|inputs?|pins?|lines?)\b",
        ("logic_high_threshold",),
    ),
    (
        r"\binput[- ]low(?: level)?(?: voltage| threshold)?|\blow[- ]level input(?: voltage)?|\bvil\b"
        r"|\blogic[- ]low (?:input )?(?:threshold|voltage)|\bas (?:a )?(?:valid )?(?:logic[- ])?low\b"
        r"|\b(?:read|register|be seen|count|be detected)\s+(?:as\s+)?(?:a\s+)?(?:logic[- ])?low\b",
        ("logic_low_threshold",),
    ),
    (
        r"\boutput high(?: level)?(?: voltage)?|\bhigh[- ]level output(?: voltage)?|\bvoh\b",
        ("output_voltage_high",),
    ),
    (
        r"\boutput low(?: level)?(?: voltage)?|\blow[- ]level output(?: voltage)?|\bvol\b",
        ("output_voltage_low",),
    ),
    # a relay's drop-out voltage where the part is a relay ("the SRD's minimum drop-out voltage")
    (
        r"(?:\bdropout|\bdrop[- ]out(?= voltage))(?! voltage\b(?=[^?]{0,30}\b(?:coil|relay)))",
        ("dropout_voltage", "dropout_voltage_relay"),
    ),
    # "which loses less voltage across the bridge", "voltage lost in the driver"
    (
        r"\bvoltage drop|\bsaturat(?:ion|ing) voltage"
        # ("which drops less voltage at 1A")
        r"|\b(?:lose|loses|losing|drops?|dropping)\s+(?:\w+\s+)?voltage"
        r"|\bvoltage (?:lost|loss)\b",
        ("voltage_drop",),
    ),
    (
        r"\bmax(?:imum|\.)? allowable (?:coil )?voltage|\bcoil max(?:imum)? voltage"
        r"|\bmax(?:imum)? (?:voltage )?(?:on|across) the coil",
        ("coil_max_voltage",),
    ),
    # "max excitation (supply) current" of a bridge sensor
    (r"\bexcitation\s*(?:\([^)]*\)\s*)?current", ("max_excitation_current",)),
    # "what (coil) voltage is the coil guaranteed to pull in at": before "coil voltage"
    (
        r"\b(?:coil )?voltage\b[^?.]{0,40}\bpull(?:s|ed)?[- ]?in\b(?!\s+time)",
        ("pickup_voltage",),
    ),
    (r"\bcoil voltage|\brated coil|\bnominal (?:coil )?voltage of the coil", ("coil_voltage",)),
    (
        r"\bcoil current|\bnominal (?:operating )?current\b(?=[^?]{0,40}\bcoil)"
        # "how much does one 5 V coil pull when it's energised?"
        r"|\bcoils?\b[^?.,]{0,25}\b(?:pulls?|draws?|takes?|eats?|consumes?)\b(?![- ]in\b)",
        ("coil_current",),
    ),
    (r"\bcoil (?:power|wattage)\b|\bnominal (?:operating )?power\b", ("coil_power",)),
    (
        r"\bcoil resistance|\bresistance of (?:the|its) coil|\bcoil ohms?\b"
        # "across the coil pins ... what resistance a good 5 V coil should read"
        r"|\bresistance\b(?=[^?.]{0,40}\bcoil\b)",
        ("coil_resistance",),
    ),
    (
        r"\bpick[- ]?up voltage|\bpull[- ]in voltage|\b(?:must )?operate voltage|\bmust[- ]operate\b",
        ("pickup_voltage",),
    ),
    (
        r"\bdrop[- ]?out voltage\b(?=[^?]{0,30}\b(?:coil|relay))|\brelease voltage|\bmust[- ]release\b"
        # "below what voltage is it guaranteed to drop out", beside a coil's pull-in
        r"|\bvoltage\b[^?.]{0,40}\bguaranteed to (?:drop[- ]?out|release)\b",
        ("dropout_voltage_relay",),
    ),
    # "max switching current" is its own row beside the nominal switching capacity
    (r"\bmax(?:imum|\.)? switch(?:ing)? current\b", ("contact_current", "contact_rating")),
    (
        r"\bcontact rating|\bcontact(?:s)? (?:current|load)|\bswitch(?:ing)? (?:current|capacity)"
        # "switch a 16 A heater with the relay's contacts"
        r"|\bswitch\b.{0,60}\b(?:with|using|through|via) (?:the |its )?[^.?]{0,30}\bcontacts\b"
        r"|\brated load",
        ("contact_rating",),
    ),
    (
        r"\bfull[- ]scale (?:differential )?(?:input(?: voltage)?(?: range)?|(?:voltage )?range)"
        # "differential input full scale?"
        r"|\binput full[- ]scale\b"
        r"|\bfsr\b|\bprogrammable gain|\bpga range",
        ("full_scale_range",),
    ),
    # "LSB/g", "LSB/(°/s)" are sensitivity units, not a request for the LSB size.
    # "limits in LSB" names the unit wanted, not the step size
    (
        r"(?<!\bin )\blsb(?: size| step(?: size)?)?\b(?!\s*/|\s+per\b)|\bstep size\b"
        # "how many mV per bit": a step in volts
        rf"|{_VOLTS_PER_STEP}",
        ("lsb_size",),
    ),
    (r"\bstorage temperature", ("storage_temperature",)),
    # "which pins decide the boot mode at reset": the pins a boot setting is strapped by
    (
        r"\bstrapping pins?\b|\bstrap(?:ping)?s?\b[^?.]{0,20}\bboot\b"
        r"|\bpins?\b[^?.]{0,40}\b(?:decide|select|set|determine|control)s?\b[^?.]{0,20}\bboot\b",
        ("strapping_pin",),
    ),
    # "max cable length for a 1-Wire run", "how long can the wire be", "transmission distance"
    (
        r"\b(?:cable|wire|wiring|bus|lead|line) (?:length|run)\b|\btransmission distance\b"
        r"|\bhow (?:long|far)\b.{0,30}\b(?:cable|wire|wiring|lead)\b",
        ("cable_length",),
    ),
    (
        r"\bthermal shut\w*"
        r"|\b(?:how hot|temperature|temp)\b.{0,40}\bshut(?:s|ting)?[- ]?(?:(?:itself|it) )?(?:down|off)\b"
        r"|(?:\bjunction temperature\b.{0,40})?\bover[- ]?temperature (?:protection|shut\w*|trip|limit)"
        r"|\bthermal (?:protection|trip)",
        ("thermal_shutdown",),
    ),
    (
        r"\boperating (?:ambient )?temperature|\btemperature range|\bambient temperature"
        r"|\btemperatures?\b(?:(?!\b(?:voltage|current|supply|and)\b)[^,;+&]){0,30}\boperat"
        r"|\boperat\w*\b(?:(?!\b(?:voltage|current|supply|and)\b)[^,;+&]){0,20}\btemperatures?\b"
        # ("at 85 °C ambient" states the ambient, it does not ask the operating temperature)
        r"|\bhow (?:hot|cold)\b|(?<!°C )(?<!℃ )(?<!degC )(?<!\dC )(?<!° C )\bambient\b"
        r"|\btemp(?:erature)? rating|\boperating temp\b",
        ("operating_temperature",),
    ),
    (r"\bhumidity range|\boperating humidity", ("humidity_range",)),
    (
        r"\b(?:sleep|standby|power[- ]down|shutdown|idle|deep[- ]sleep)[- ](?:mode )?(?:supply )?current"
        r"|\b(?:(?:(?:supply|operating|quiescent) )?current|i ?(?:dd|cc)|iq|draws?|drawn|consum\w*"
        r"|uses?|needs?|pulls?|takes?|eats?)\b"
        r"(?:(?!\band\b|[,;]).){0,40}?\b(?:in|during|(?:while|when)(?: it(?:'s| is))?(?: in)?)"
        r" (?:sleep|standby|power[- ]?down|shutdown|idle|deep[- ]sleep)\b"
        # "which sleeps lower", "sleeps at how many µA"
        r"|\bsleeps? (?:lower|higher|less|more|deeper|at)\b"
        # "how much does it draw while asleep?"
        r"|\b(?:draws?|drawn|uses?|needs?|pulls?|takes?|eats?|current)\b[^.?,;]{0,20}"
        r"\b(?:while|when)(?: it(?:'s| is))? asleep\b"
        # "deep sleep between readings. Can I get 6 months out of it?": a battery life rests on
        # the sleep current
        r"|\b(?:deep[- ])?sleep\b(?=[^?]{0,80}\b(?:\d+|six|a few) (?:months?|years?|weeks?|days?) out of\b)"
        # "supply current while measuring, and (worst-case) in sleep mode": the second item of
        # a list
        r"|\b(?:and|or)\s+(?:(?:the\s+)?(?:worst[- ]case|max(?:imum)?|typ(?:ical)?|min(?:imum)?)\s+)?"
        r"(?:in|during)\s+(?:sleep|standby|power[- ]?down|idle|deep[- ]sleep)"
        r"(?: mode)?\b"
        # "parked in standby (crystal running) between packets -- max current draw?"
        r"|\b(?:parked|sitting|left|kept|put|idling|waiting) in (?:sleep|standby|power[- ]?down"
        r"|shutdown|idle|deep[- ]sleep)\b(?=[^?]{0,60}\b(?:current|draws?)\b[^?]{0,20}\?)"
        # "can only supply ~50 uA average. Enough to keep it alive in deep sleep?": a current
        # budget held against the sleep
        r"|\d\s*[uµn]A\b[^?]{0,100}?\b(?:in|during)\s+(?:deep[- ])?sleep\b",
        ("sleep_current",),
    ),
    (
        r"\bpower consumption|\bpower dissipation|\bpower\b.{0,30}\bdissipat\w*"
        # "how much power does the CCS811 use in mode 3"
        r"|\bhow much power\b.{0,40}\b(?:use|uses|draw|draws|consume|consumes|need|needs|burn|burns"
        r"|dissipate|dissipates|take|takes|eat|eats)\b|\bheater (?:power|consumption)\b"
        r"|\bpower (?:draw|usage)\b|\b(?:average|mean|typical) power\b"
        # "how many watts can the X dissipate"
        r"|\bhow many watts\b.{0,60}\b(?:use|draw|consume|dissipate|take|burn)s?\b",
        ("power_consumption", "power_dissipation"),
    ),
    # How long a part lasts: "expected to last", "lifespan", "service life".
    (
        r"\blife ?span|\blife ?time|\bservice life|\bexpected life|\bhow long\b.{0,40}\blast\b"
        r"|\b(?:how many|years?)\b.{0,40}\blast\b"
        # a relay's endurance: "how many electrical operations", "mechanical life"
        r"|\b(?:electrical|mechanical) (?:operations?|life|endurance)|\bendurance\b"
        r"|\bhow many (?:\w+ )?(?:operations|switching cycles)\b",
        ("lifetime",),
    ),
    # A supply's or a load's rated power ("maximum output power", "max input power").
    # "How much output power can the X deliver": the verb belongs to the power, not a current.
    (
        r"\boutput power(?:\b.{0,30}?\b(?:deliver|provide|supply|source)\b)?"
        r"|\bpower (?:it )?can (?:it )?(?:deliver|output|source)",
        ("output_power",),
    ),
    (
        r"\binput power(?:\b.{0,30}?\b(?:absorb|sink|dissipate|take|handle)\b)?"
        r"|\bpower (?:it )?can (?:it )?(?:absorb|sink|dissipate)"
        # "how much power can the TRN-2400 load sink at most"
        r"|\b(?:power|watts)\b.{0,40}?\b(?:sink|absorb)\b",
        ("input_power",),
    ),
    # What a flow sensor costs the line it sits in, and a housing's ingress protection: specs
    # of their own, never the maximum pressure or the flow range.
    # "how much error will the motor's stray field cause": sensitivity to a field from outside
    (r"\b(?:stray|external|nearby|outside)\s+(?:magnetic\s+)?fields?\b", ("stray_field_error",)),
    # "how much pressure does a YF-S201 drop at 30 L/min"
    (
        r"\bpressure (?:drop|loss)|\bhead loss|\bhow much pressure\b.{0,30}\b(?:drop|lose)s?\b",
        ("pressure_drop",),
    ),
    (r"\bip[- ]?(?:rat(?:ed|ing)|[1-6][0-9xX]\b)|\bingress protection", ("ip_rating",)),
    # A flow or rate sensor's constant: "pulses per litre", "K factor".
    (
        r"\bpulses? per (?:lit(?:re|er)|l|gallon|revolution|rev)\b|\bk[- ]factor|\bpulse factor",
        ("pulse_factor",),
    ),
    # "how many PD_SCK pulses select channel B": the clock pulses a read takes (not how long
    # one pulse may last)
    (
        r"\b(?:how many|number of)\b[^?.]{0,30}\bpulses\b(?!\s+per\b)"
        r"|\bpulses\b[^?.]{0,30}\bselects?\b",
        ("pulse_count",),
    ),
    # A board's parts by their bill of materials: "voltage rating of the input capacitors",
    # "what saturation current is L1 rated for".
    (
        # (the role word goes with it: "input capacitor" asks no input voltage)
        r"\b(?:\w+ )?(?:capacitors?|caps?)\b.{0,40}\bvoltage rating|\bvoltage rating\b.{0,40}"
        r"\b(?:\w+ )?(?:capacitors?|caps?)\b|\b(?:\w+ )?(?:capacitors?|caps?)\b.{0,20}\brated\b",
        ("voltage_rating",),
    ),
    (r"\bsaturation current\b|\bi ?sat\b", ("saturation_current",)),
    # how far an output moves when the load steps: a figure of its own, never the steady band
    (r"\b(?:load[- ])?transient(?: response)?\b|\bload[- ]?steps?\b", ("load_transient",)),
    # What the supply must provide is the part's own consumption, not what its pins source:
    # "current the power supply must deliver to it", "current the module needs from its supply".
    (
        r"\bcurrent\b.{0,40}\b(?:power )?supply\b.{0,50}\b(?:deliver|provide|source|supply)"
        r"|\bcurrent\b.{0,40}\bneeds? from\b",
        ("supply_current",),
    ),
    # A regulator's minimum load: the least output current that keeps it regulating.
    (
        r"\bmin(?:imum)? load(?: current)?\b|\b(?:load|output) current\b.{0,40}\bat (?:a )?minimum\b"
        r"|\b(?:least|minimum) (?:load|output) current\b",
        ("minimum_load",),
    ),
    # "OUT pin driving a 5V buzzer directly, no transistor - enough drive?": whether the pin
    # can source what the load takes, its output current
    (
        r"\benough drive\b|\bdriv(?:e|es|ing)\s+(?:an?\s+|the\s+)?(?:\d+\s*V\s+)?(?:active\s+)?"
        r"(?:motors?|leds?|fans?|pumps?|heaters?|servos?|solenoids?|lamps?|buzzers?)\b"
        r"(?=.{0,40}\b(?:directly|no transistor|without a (?:transistor|driver)))",
        ("output_current",),
    ),
    # A load the part drives draws current from it: "the motor draws 1.2 A" asks what the
    # part may deliver, not what it consumes.
    (
        r"\b(?:(?:gear)?motors?|loads?|leds?|fans?|pumps?|heaters?|servos?|solenoids?|lamps?"
        r"|buzzers?|(?:relay )?module input)"
        r"(?:\s+(?:that|which))?\s+(?:draws?|drawing|needs?|takes?|pulls?|pulling|requires?)\b",
        ("output_current",),
    ),
    (
        r"\b(?:supply|operating|quiescent|active|working) current|\bcurrent consumption"
        r"|\bi ?(?:cc|dd)\b|\biq\b"
        # "the max quiescent for both", a regulator's "ground-pin current"
        r"|\bquiescent\b(?!\s+current\s+change)|\bground[- ]?(?:pin )?current\b"
        r"|\bhow much current (?:does|do|will|is)\b"
        r"(?!.{0,30}\b(?:deliver|provide|source|output|supply|dump|into (?:the|a) short))"
        r"|\bcurrent\b.{0,30}\bpulls\b(?![- ]?(?:up|down|low|high))"
        # "current while measuring", "measurement current": what it draws doing its work
        # (not "while measuring pressure", a row of its own)
        r"|\bcurrent (?:while|when|during) (?:it is |it's )?(?:measur|convert|sampl|activ|runn)\w*\b"
        r"(?!\s+(?:pressure|humidity|temperature|gas))|\bmeasur(?:ing|ement) current"
        r"|\bcurrent draw|\bdraws?\b|\bcurrent (?:it )?(?:needs|requires)|\bpeak current"
        # "how much does the regulator itself eat out of the input"
        r"|\bitself (?:eats?|uses?|consumes?|burns?|takes?)\b(?:\s+(?:out of|from) the (?:input|supply))?"
        r"|\b(?:transmit|tx|receive|rx|transmitting|receiving)(?: mode)? current"
        # "current at +20 dBm": what a radio draws sending at that power
        r"|\bcurrent\b(?= (?:at|for) [+]?\d+(?:\.\d+)?\s*dBm\b)",
        ("supply_current",),
    ),
    # A part's peak output current is what it can deliver briefly, printed as a peak or a
    # current-limit row: not what it draws at its peak.
    (r"\bpeak output current|\boutput peak current", ("current_limit", "output_current")),
    # "max short-circuit output current": the current the output limits itself to when shorted
    (
        r"\bshort[- ]?circuit(?:ed)?\s+(?:output\s+)?current|\boutput short[- ]?circuit current"
        # "shorted to ground. How much current will it dump into the short?"
        r"|\bcurrent\b.{0,30}\b(?:into|through) (?:the|a|that) short\b",
        ("current_limit",),
    ),
    (
        r"\boutput current|\bload current|\bcurrent rating|\bcurrent capability|\bdeliver(?:s)?\b"
        r"|\bhow much current can\b(?:\s+\S+){0,2}?\s+(?:supply|source|deliver|provide|give|output)\b"
        r"|\bhow much current can|\bcurrent (?:the \S+ |it |that \S+ )?(?:can|will) (?:source|provide|supply|give)"
        r"|\b(?:can|will) (?:it|the \S+) (?:source|provide)\b"
        # "how much current is an LM358 output guaranteed to source"
        r"|\bhow much current (?:is|are|does|do|will)\b[^?]{0,40}\bto (?:source|sink|deliver|provide)\b"
        # "can its output pin source the current ...": what the pin delivers
        r"|\b(?:output|pin|gpio) (?:source|sink)\b(?!\s+current)"
        # "how many mA per channel can I push": what the outputs carry
        r"|\bhow much current\b(?:\s+(?:per|each|from|on)\s+\S+)?\s+can (?:i|we|you)\s+"
        r"(?:push|pull|draw|get|run|take)\b"
        # "how much current per channel can it do", "how many amps (current) per channel": what
        # each output carries
        r"|\bhow much current (?:per|each|on each|from each)\s+\S+\s+can (?:it|they|the \S+)\s+"
        r"(?:do|handle|take|carry|drive|push|supply)\b"
        r"|\bhow much current (?:per|each|on each|from each) (?:channel|output|motor|bridge)\b"
        # "max current each channel?"
        r"|\bmax(?:imum)? current (?:per|each|on each|for each|from each) (?:channel|output|bridge)\b"
        # "what sink current does it list": a pin's drive current either way
        r"|\b(?:sink|sinking|source|sourcing) current\b",
        ("output_current",),
    ),
    (r"\binput bias current", ("input_current",)),
    # A converter's input current is what it draws from its supply.
    (r"\binput current", ("input_current", "supply_current")),
    # "how high does the output swing": its high level (VOH), "how low": its low level
    (
        r"\bhow high\b.{0,40}\b(?:outputs?|out(?: pin)?) (?:swings?|go(?:es)?|rises?|gets?|reach(?:es)?)\b"
        # "what voltage does the OUT pin go to when it sees someone": its high level
        r"|\bwhat (?:voltage|level)\b.{0,20}\b(?:output|out)(?: pin| line| signal)? "
        r"(?:go(?:es)?|rises?|switch(?:es)?|jumps?) (?:up )?to\b"
        # "what voltage is the OUT pin when it triggers"
        r"|\bwhat (?:voltage|level)\b.{0,20}\b(?:output|out)(?: pin| line| signal)?\b.{0,15}"
        r"\bwhen (?:it )?(?:triggers?|trips?|detects?|fires?|goes high|sees)\b",
        ("output_voltage_high",),
    ),
    (r"\bhow low\b.{0,40}\boutputs? (?:swings?|go(?:es)?|falls?)\b", ("output_voltage_low",)),
    (
        r"\boutput voltage (?:range|span|swing)|\boutput (?:swing|span)|\banalog output range",
        ("output_voltage_range", "output_voltage"),
    ),
    # "OR a USB 5 V supply onto its output so the rail back-feeds the board": a voltage forced
    # on the output, not one the part is fed
    (FORCED_ON_OUTPUT.pattern, ("output_voltage",)),
    (
        # "output tolerance" of a regulator: the band its output voltage is printed within
        # ("VIOUT": the output by its pin's name, not the pin a load hangs from)
        r"\boutput voltage|\bregulated voltage|(?<!from )\bv_?i?out\b(?! (?:to|pin)\b)"
        r"|\boutput (?:tolerance|window)"
        # "worst case output min/max over line, load and temp", "lowest guaranteed output"
        r"|\boutput\s+(?:min|max)(?:imum)?(?:\s*(?:/|and|&)\s*(?:min|max)(?:imum)?)?\b"
        r"|\b(?:lowest|highest)\s+(?:guaranteed\s+)?output\b"
        r"(?!\s+(?:current|power|data|rate|frequency|impedance|resistance|code|word))"
        r"|\bvoltage (?:does|do|will|can) (?:it|the \S+|an? \S+|§+) (?:output|give out|put out)",
        ("output_voltage",),
    ),
    (
        r"\b(?:analog )?input voltage range|\binput range|\bmax(?:imum)? input(?: voltage)?"
        r"|\binput voltage|\bvin\b"
        # the span a test sweeps its input over ("top of the line-regulation sweep"), not
        # the time between sweeps of a sensor array
        r"|(?<!\bbetween )\bsweep(?:s|ed)?\b|\bswept\b",
        ("input_voltage_range", "supply_voltage"),
    ),
    # (before the supply: "how often does the supply itself go out for calibration")
    # "how often do the fixture offsets have to be re-verified", "… need calibrating"
    (
        r"\bhow often\b.{0,80}?\b(?:re-?)?(?:calibrat\w*|verif\w*|check\w*)",
        ("calibration_interval",),
    ),
    (
        r"\b(?:power[- ])?supply voltage|\boperating voltage|\bsupply range|\bpower supply"
        r"|\bvcc\b|\bvdd\b|\bvoltage (?:does it|does the \S+) (?:need|run|work)|\bpowered (?:at|from|by)"
        r"|\bworking voltage|\bsupply\b|\bpower (?:it|the \S+) (?:from|at|with)\b"
        r"|\bvoltage (?:does|do|can|will) (?:it|the \S+) (?:need|take|accept|run)"
        r"|\bmotor (?:supply )?voltage|\bvm\b"
        # a gas sensor's two supplies: "heater voltage VH", "loop (circuit) voltage Vc"
        r"|\bheater voltage|(?<!open[- ])\b(?:loop|circuit) voltage"
        # "VS (pin 4)": the supply pin by its name (a bare "vs" is "versus")
        r"|(?-i:\bVS\b)(?=\s*\(?pin\b)"
        # Bare wording with one part named: "what voltage range can I feed it".
        r"|\bvoltage range\b|\b(?:what|which) (?:dc |ac )?voltages?\b",
        ("supply_voltage",),
    ),
    # A bare "input" ("34 V input") after every more specific input phrase has had its turn.
    # "how well does it reject 120 Hz input ripple": the rejection ratio, not the output ripple.
    (
        r"\bripple rejection|\brejects?\b.{0,30}\bripple|\binput ripple|\bpsrr\b"
        # "24 V rail carries 100 mV of 1 kHz ripple. Will it reject it well enough?"
        r"|\bripple\b[^?]{0,60}\breject(?:s|ed|ing)?\s+(?:it|that|this)\b",
        ("ripple_rejection",),
    ),
    # "the ADC's effective range at atten = 3": the input span its accuracy holds over
    (r"\beffective (?:measurement |input )?range", ("input_voltage_range",)),
    (r"\bdifferential input impedance", ("differential_input_impedance",)),
    (r"\bcommon[- ]mode input impedance", ("common_mode_input_impedance",)),
    (r"\binput impedance", ("input_impedance", "differential_input_impedance")),
    (r"\b(?:input |output |rms )?noise\b", ("noise",)),
    # A bus carrying power, not data: "a 36 V bus", "our plant bus is 36 V", "DC bus".
    (
        # ("input-to-output headroom" is a dropout; "an input change from 8 V to 12 V" is the
        # condition of a line regulation)
        r"\binput\b(?![- ]to[- ]output|\s+(?:change|step|swing)s?\b)|\brail\b|\b(?:power|supply|dc|\d+(?:\.\d+)?\s*V)\s+bus\b"
        r"|\bbus\s+(?:is|at|of)\s+(?:about\s+|nominally\s+)?\d+(?:\.\d+)?\s*V\b"
        # a current monitor's measured rail: "measure the bus", "a 48 V e-bike pack"
        r"|\b(?:measur|monitor|sens)(?:e|es|ing)\s+(?:the\s+|a\s+|its\s+)?bus\b"
        r"|\b\d+(?:\.\d+)?\s*V\s+(?:[\w-]+\s+)?(?:battery\s+)?pack\b",
        ("input_voltage_range", "supply_voltage"),
    ),
    (
        r"\bresolution in bits|\bbits? of resolution|\bhow many bits|\bbit resolution",
        ("resolution_bits", "resolution"),
    ),
    # "high-resolution mode" names a mode, not the figure asked.
    (
        r"\bresolution(?![- ]mode)"
        # "what temp step do i get": the increment a reading moves by
        r"|\btemp(?:erature)? (?:step|increment)s?\b|\bsmallest (?:temp(?:erature)? )?step\b",
        ("resolution", "resolution_bits"),
    ),
    # an ADC's gain error is one figure, not a gain and an error
    (r"\b(?:current sense )?gain error\b", ("gain_error", "current_sense_gain_error")),
    # "How accurate is …", "how precise": the adjective asks the same as the noun.
    (
        r"\baccura(?:cy|cies|te)|\berror\b|\btolerance|\bhow precise|\bprecision\b"
        # "the CO2 reading must be within ±50 ppm": a reading's tolerance asked of the part
        r"|\breading\b[^.?]{0,20}\bwithin\s*±"
        # "how far off can a reading be", "how much can the real output deviate"
        rf"|{_OFF_BY}"
        # "close the loop on its eCO2 reading and hold ±100 ppm": the tolerance a reading
        # must hold is its accuracy
        r"|\bhold\s+(?:it\s+|that\s+)?(?:to\s+|within\s+)?±\s*\d+(?:\.\d+)?(?:\s*(?:ppm|%|°C))?",
        ("accuracy",),
    ),
    (
        # (not a sensitivity the question states: "the 5A version (185 mV/A)")
        r"\bsensitivit(?:y|ies)|(?<!\d )(?<!\d)(?:\bmv/a\b|\bm?v (?:per|/) ?(?:amp(?:ere)?|a)\b)"
        r"|\blsb/g\b|\bscale factor"
        # "counts per g", "LSB per °/s": a reading's scale
        r"|\b(?:counts?|lsbs?|codes?) ?(?:per|/) ?(?:g|°/s|º/s|deg(?:rees?)?/s|dps"
        # a temperature sensor's scale: "LSB per °C"
        r"|[°º] ?C|deg(?:rees?)? ?C)(?!\w)"
        # a raw reading asked in its unit: "reads 4096, how many g?"
        r"|\bhow many (?:g|dps|deg(?:rees)?(?:/s| per second)|[°º]/s)(?!\w)"
        # "gyro Z reads -6550 raw: deg/s?", "convert both to g and deg/s", "raw value 3275 ->
        # °/s?", "Z raw = 2048 — in g?"
        r"|\braw\b[^?]{0,40}?\b(?:in\s+|to\s+)?(?:dps|deg(?:rees)?/s|[°º]/s)\s*\?"
        r"|\braw\b[^?]{0,60}?(?:\bin|\bto|->|→)\s+"
        r"(?:g|dps|deg(?:rees)?(?:/s| per second)|[°º]/s)(?!\w)"
        r"|\bconvert\w*\s+(?:\w+\s+){0,2}(?:to|into)\s+(?:g|dps|deg(?:rees)?/s|[°º]/s)(?!\w)",
        ("sensitivity",),
    ),
    (
        r"\bmeasurement range|\bmeasuring range|\bdetection range|\bsensing range|\bmeasures? (?:from|up)"
        r"|\bflow range|\bpressure range|\bcurrent range|\brange of measurement|\bdetect(?:ion)? distance"
        r"|\bsensing distance|\bconcentration range|\bmeasur(?:e|ing) range"
        # "0.5 L/min ... can it measure that?": the range asked of a stated figure
        r"|\bmeasure (?:it|that|this|those)\b",
        ("measurement_range",),
    ),
    (r"\boutput type|\bkind of output|\btype of output|\boutput signal", ("output_type",)),
    # "bus voltage LSB", "shunt voltage step size": the voltage scopes the figure asked.
    (
        r"\bbus[- ]voltage\b(?!,?\s*(?:1\s+)?(?:lsb|step|resolution|accuracy|error|gain|offset))"
        rf"(?![^?.]{{0,40}}{_VOLTS_PER_STEP})",
        ("input_voltage_range", "measurement_range"),
    ),
    (
        # "bus voltage", "bus current" (INA219) measure a supply rail, not a data bus.
        # A bus named as the setting of another figure ("1-wire reset", "holds the bus low")
        # is no interface question.
        # "the timeout resets its interface": the interface is what is acted on, not asked.
        r"(?<!resets its )(?<!reset its )(?<!resets the )(?<!reset the )\binterface"
        r"|\bprotocol|\bbus\b(?![- ]voltage|[- ]current| low| high| line|\s+(?:is|at|of)\s+\d)"
        r"(?<!power bus)(?<!supply bus)(?<!dc bus)(?<!\dV bus)(?<!\d V bus)"
        r"(?<!measure the bus)(?<!monitor the bus)|\bcommunicat"
        r"|\btalks?\b(?! to (?:it|them|the (?:sensor|chip|part|device|module|board))\b)"
        r"|\b(?:spi|i2c|i²c|uart|1-wire)\b(?!\s+(?:reset|timing|time slot|pull-?up|line))",
        ("interface",),
    ),
    (r"\bbaud", ("baud_rate",)),
    # How often a part may be read: "how often can I poll it", "time between readings".
    (
        r"\b(?:how often|fastest|quickest|most often)\b.{0,30}\b(?:poll|read|query|sample)\w*"
        r"|\btime (?:\w+ ){0,4}?between (?:(?:two|consecutive"
        r"|successive) )?(?:readings|reads|measurements|samples)|\bpoll(?:ing)? (?:rate|interval"
        r"|period)|\bsampling (?:period|interval)"
        r"|\bcollecting period"
        # "how long do I have to wait between two reads"
        r"|\bwait (?:\w+ ){0,2}?between (?:(?:two|consecutive|successive) )?(?:readings|reads"
        r"|measurements|samples)",
        ("collecting_period", "sampling_rate"),
    ),
    # an ADC's sample-and-hold capacitor, not a rate
    (r"\bsampl(?:e|ing)(?:[- ]and[- ]hold)? capacit(?:or|ance)", ("sample_capacitor",)),
    (r"\bslew(?:ing)? rate|\bslew\b", ("slew_rate",)),
    (r"\bbandwidth", ("bandwidth", "frequency_range")),
    (r"\b(?:tx|transmit(?:ter)?|rf output) power", ("rf_output_power", "output_power")),
    (
        r"\bsampl(?:e|ing) rate|\bdata rate|\boutput data rate|\bsamples per second|\bsps\b"
        r"|\bthroughput\b|\bconversion rate",
        ("sampling_rate",),
    ),
    (
        # "a sample on the bench", "a revision C sample" is a unit of the part, not a rate.
        # ("idle between samples", "after each sample": when, not how fast; "average 64
        # samples", "128-sample averaging": a setting, how many)
        r"\bhow fast\b.{0,40}\bsampl\w*|(?<!\bbetween )(?<!\d )(?<!\d-)\bsampl(?:es|ing)\b(?! size)"
        r"|(?<!\ba )(?<!\bC )(?<!\bB )(?<!\bA )(?<!\bthe )(?<!\beach )(?<!\bthis )(?<!§ )"
        r"(?<!\bbetween )(?<!\d )(?<!\d-)\bsample\b(?! size)"
        r"|\bhow many samples",
        ("sampling_rate",),
    ),
    # A conversion is what a "measurement" takes: "measurement time", "how long does one
    # measurement take".
    # "how long until the gyro zero-rate output settles": the ZRO settling time from power-on
    (r"\b(?:zero[- ]rate(?: output)?|zro)\b.{0,30}\bsettl\w*", ("zro_settling",)),
    # "after I switch channel or gain, how long until the output is valid" (before the
    # conversion time, which "how long till readings" would name)
    (
        r"\b(?:switch|chang)\w*\s+(?:the\s+)?(?:channel|gain)\b[^?]{0,60}\bhow long\b"
        r"|\b(?:channel|gain) (?:change|switch)\b[^?]{0,40}\bhow long\b",
        ("output_settling_time", "settling_time"),
    ),
    (
        r"\bconversion time|\bmeasurement time|\bt_?conv\b"
        r"|\bhow long\b.{0,60}\b(?:measurement|conversion|reading)(?!s?\b.{0,12}\bsettled\b)"
        r"|\b(?:measurement|conversion) (?:can |could |will |may |might )?(?:take|takes|last|lasts)\b",
        ("conversion_time",),
    ),
    # "how long does the output take to settle": the time to valid output data
    (
        r"\btakes? to settle\b|\bsettling time\b|\boutput\b.{0,20}\bsettl(?:e|es|ed|ing)\b"
        # "how long until the output data is settled and valid"
        r"|\bhow long\b.{0,60}\b(?:data|output|reading)s?\b.{0,12}\bsettled\b"
        # "how long after switching channel or gain before the data is valid"
        r"|\bhow long after (?:switching|changing|a change of)\b.{0,40}?\b(?:channel|gain|input)"
        r"(?:\s+(?:or|and|/)\s+(?:channel|gain|input))?",
        ("output_settling_time", "settling_time"),
    ),
    # How long after power-up the part answers: "start-up time", "wait after powering up".
    (
        r"\bstart[- ]?up time|\bpower[- ]?(?:on|up) time|\binit(?:iali[sz]ation)? time"
        r"|\bhow long after (?:power(?:ing)?[- ]?(?:it )?(?:up|on)|start[- ]?up)"
        r"|\b(?:wait|time) after power(?:ing)?[- ]?(?:it )?(?:up|on)"
        # "how long after power is applied does its output reach 90 %"
        r"|\bhow long after (?:the )?(?:power|supply) (?:is )?(?:applied|comes up|turned on)"
        # "After VCC comes up, how long until the output is valid?"
        r"|\b(?:comes up|is applied|turns on)\s*,?\s*how long\b",
        # a converter states the time to valid data after power-up as its settling time
        ("start_up_time", "power_on_time", "output_settling_time"),
    ),
    (r"\blong[- ]term stability|\blong[- ]term drift|\bdrift per year", ("drift",)),
    (
        r"\bresponse time|\bdelay time|\btime constant"
        # "how quickly does the humidity reading respond to a step change"
        r"|\bhow (?:long|fast|quickly)\b.{0,60}\b(?:respond|react|follow)|\brespon(?:d|se) to a step"
        r"|\btakes? to respond\b"
        # "how long until it has covered 63% of the step"
        r"|\b63 ?%.{0,20}\bstep\b",
        ("response_time",),
    ),
    # A relay's switching times.
    (
        r"\boperate time|\bpull[- ]in time|\brelease time|\bdrop[- ]?out time"
        # "how long does it take to pull in": a relay's operate (or release) time
        r"|\bhow (?:long|fast|quickly)\b.{0,40}\b(?:pull(?:s|ing)?[- ]in|release|drop(?:s)?[- ]out"
        r"|operate|let(?:s)? go)\b"
        # "the worst-case time for the relay contact to release"
        r"|\btime\b[^.?]{0,40}\bto (?:release|pull[- ]in|drop[- ]?out|operate)\b",
        ("response_time",),
    ),
    # "the package" is asked; "the VSSOP package" only says which one
    # ("picking a package for the board": the choice it is asked for, not the figure)
    (r"(?-i:(?<![A-Z0-9)] ))\bpackage(?!\s+for\b)", ("package",)),
    (r"\bpin count|\bhow many pins|\bnumber of pins", ("pin_count",)),
    # "how much flash is on the module", "SRAM size"
    (
        r"\bhow much (?:\w+\s+)?(?:flash|s?ram|psram|rom|eeprom|memory)\b"
        r"|\b(?:flash|s?ram|psram|rom|eeprom|memory) (?:size|capacity)\b",
        ("memory_size",),
    ),
    (r"\bchannels|\bhow many inputs", ("channels",)),
    (
        r"\bswitching frequency|\bfrequency\b.{0,40}\bswitch(?:es|ing)?\b|\b(?:pwm|chopping) frequency"
        r"|\bswitch(?:es)? at (?:what|which) frequency",
        ("switching_frequency",),
    ),
    (r"\bripple", ("output_ripple",)),
    (r"\befficien(?:cy|t)", ("efficiency",)),
    (r"\bcurrent limit", ("current_limit",)),
    # an ADC's reference input ("how low can VREF go"), not a stated one ("VDD = VREF = 5 V"),
    # its pin or a calibration against it
    (
        r"\b(?:lowest|minimum|min|max(?:imum)?|highest|range|how (?:low|high))\b[^?=]{0,30}"
        r"\bv\s?ref\b(?!\s*=|\s+(?:pin|calibration))|\bv\s?ref\s+(?:range|voltage)"
        r"|\breference (?:input )?voltage",
        ("reference_voltage",),
    ),
    (r"\bline[- ]reg(?:ulation)?\b", ("line_regulation",)),
    (r"\bload[- ]reg(?:ulation)?\b", ("load_regulation",)),
    (
        r"\bunder[- ]?voltage lock[- ]?out|\buvlo"
        # "at what input voltage does the board start switching / shut off?"
        r"|\b(?:start|begin)s?\s+(?:switching|regulating)\b|\bstops?\s+switching\b",
        ("undervoltage_lockout",),
    ),
    (
        r"\bopen[- ]loop (?:voltage )?gain|\blarge[- ]signal (?:voltage )?gain|\bavol\b|\baol\b",
        ("open_loop_gain",),
    ),
    # "after a channel/gain change": a gain switched, not asked
    (r"\bgains?\b(?!\s+(?:change|switch)|\s*[/,]?\s*(?:channel\s+)?(?:change|switch))", ("gain",)),
    (r"\btemperature coefficient|\btempco\b|\bppm ?/ ?°?c\b", ("drift", "temperature_coefficient")),
    (r"\bdrift\b", ("drift",)),
    (
        r"\bsoft[- ]start|\b(?:take|takes|taking) to ramp\b|\bramps? (?:up )?from 0\b",
        ("soft_start_time",),
    ),
    # "how much current can it survive as a single 100 ms pulse"
    (
        r"\bovercurrent(?: transient)?(?: tolerance)?\b|\bsurge current|\btransient (?:current|tolerance)"
        r"|\bsurviv\w*\b.{0,40}\bpulses?\b",
        ("overcurrent_rating",),
    ),
    (r"\bthermal shutdown", ("thermal_shutdown",)),
    # a protection asked by name: its own threshold, not the output's regulated voltage
    (
        r"\bover[- ]?voltage (?:protection|trip|threshold|shutdown|clamp)|\bovp\b",
        ("overvoltage_protection",),
    ),
    (r"\bthermal resistance", ("thermal_resistance",)),
    (r"\bjunction temperature", ("junction_temperature",)),
)

_COMPILED = tuple((re.compile(p, re.IGNORECASE), specs) for p, specs in SPEC_PHRASES)

# Phrases that ask for two specs at once: "input thresholds" means both the VIL and VIH rows,
# "low-level and high-level input voltage" likewise. They take their span before the single
# phrases, so "input voltage" inside them never reads as the supply/input-range row.
_PAIR_PHRASES: tuple[tuple[re.Pattern[str], tuple[tuple[str, ...], ...]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), cands)
    for p, cands in (
        (
            r"\b(?:logic |digital )?input (?:logic |switching )?thresholds?\b"
            r"|\b(?:logic|switching)(?: level)? thresholds?\b|\binput logic levels?\b"
            r"|\bvil\s*(?:/|and|&)\s*vih\b"
            r"|\blow[- ]level\b.{0,25}\bhigh[- ]level input(?: voltages?)?"
            r"|\binput low\b.{0,25}\binput high(?: voltages?)?"
            # "logic inputs: what's the max low level and the min high level?"
            r"|\binputs?\b[^?]{0,40}\blow[- ]level\b.{0,30}\bhigh[- ]level\b",
            (("logic_low_threshold",), ("logic_high_threshold",)),
        ),
        (
            r"\bhigh[- ]level\b.{0,25}\blow[- ]level input(?: voltages?)?"
            r"|\bvih\s*(?:/|and|&)\s*vil\b"
            r"|\binput high\b.{0,25}\binput low(?: voltages?)?"
            r"|\binputs?\b[^?]{0,40}\bhigh[- ]level\b.{0,30}\blow[- ]level\b",
            (("logic_high_threshold",), ("logic_low_threshold",)),
        ),
        # "What counts as a high on its inputs?": the engineer's word for VIH.
        (
            r"\b(?:counts?|registers?|reads?) as (?:an? )?(?:logic(?:al)? )?high\b",
            (("logic_high_threshold",),),
        ),
        (
            r"\b(?:counts?|registers?|reads?) as (?:an? )?(?:logic(?:al)? )?low\b",
            (("logic_low_threshold",),),
        ),
    )
)

# Figures a higher value of which is worse: their worst case is their maximum, as it is for
# any current, time or power.
_WORSE_HIGH = frozenset(
    {
        "dropout_voltage",
        "voltage_drop",
        "input_offset_voltage",
        "input_offset_current",
        "input_bias_current",
        "offset_error",
        "gain_error",
        "nonlinearity",
        "noise",
        "line_regulation",
        "load_regulation",
        "output_ripple",
        "thermal_resistance",
        "primary_conductor_resistance",
        "switch_resistance",
        "output_resistance",
    }
)

_COMPAT_CUES = re.compile(
    r"\bcompatib|\b(?:can|could) (?:i|we|you|it|its|the|an?|my)\b.{0,60}\b(?:connect|wire|drive|feed|power|plug"
    r"|read|go|share|use|run|sit|put|talk|hook|attach|hang|add)|\bsafe(?:ly)? to\b|\bsafe for\b"
    # "will the MCP see highs?": logic levels read across a link
    r"|\bsee (?:valid |clean |proper |the |its |a )?(?:highs?|lows?|logic (?:highs?|lows?|1|0))\b"
    # "will 3v3 logic register as high?"
    r"|\b(?:register|read|count)s? as (?:a )?(?:valid )?(?:logic )?(?:high|low)\b"
    r"|\bsame (?:i2c )?bus\b|\bshare (?:a|one|the) (?:i2c )?bus|\bdirectly (?:into|to|drive)"
    r"|\bstraight (?:in)?to\b|\bwithout (?:a )?(?:level shifter|divider)|\bwill .{0,40}\b(?:work|damage)"
    # "Will an AMS1117 supply run a YF-S201?": one part running (or powering) another.
    r"|\b(?:will|would|does|do) .{0,40}\b(?:run|power|drive|supply) (?:an?|the|my|two)\b"
    r"|\b(?:distinct|different|unique|separate|own) (?:i2c )?address|\baddress(?:es)? (?:be |are |is )?"
    r"(?:distinct|different|unique)\b"
    r"|\bconflict|\bcollid|\bcollision|\bclash|\bwork together|\bkeep up\b|\bis it ok\b|\bok to\b"
    r"|\benough (?:current|headroom)|\bbuffer(?:ing|s)? (?:for|of)\b"
    # "input from an XGZP6847A: is the full range usable?", "visible to the adc?", "permitted?"
    r"|\binputs? (?:from|fed by)\b|\busable\b|\bvisible to\b|\bpermitted\b"
    # "Is the regulator enough in voltage and current?"
    r"|\b(?:is|are) (?:the|it|that|this|my|one) (?:\w+ )?(?:enough|sufficient|adequate)\b"
    r"|\bsuits?\b"
    r"|\bcan .{0,40}\bbe powered (?:by|from)|\b(?:can|could) .{0,40}\bsupply\b|\bfit on\b"
    # How engineers also ask it: "suitable supply for", "…, possible?", "hook up", "wire … to",
    # "will X work with Y", "as the supply for", "on a single bus", "any clash".
    r"|\bsuitable\b|\bpossible\b|\bfeasible\b|\bwork(?:s|ing)? (?:with|from|off|as)\b"
    r"|\bhook(?:ing|ed)?\b|\bwir(?:e|ing|ed)\b|\bconnect(?:ing|ed|ion)?\b|\bplug(?:ging|ged)?\b"
    r"|\binterfac(?:e|ing) (?:with|to)\b|\bfeed(?:ing|s)?\b|\bdriv(?:e|ing)\b|\binto\b"
    r"|\b(?:ok|okay|fine|alright)\b|\bas (?:the|a|an|its) (?:power )?(?:supply|regulator|source)"
    r"|\bpower(?:ed|ing|s)? (?:by|from|off|with)\b|\b(?:single|shared|common) (?:i2c )?bus"
    r"|\btogether\b|\bsharing\b|\bany (?:address )?(?:conflict|clash|problem|issue)"
    r"|\bgo(?:es)? (?:into|to)\b|\bdamage\b|\bfry\b|\bkill\b"
    # "will the whole pressure range fit?", "what happens if I read it with an MCP3008"
    r"|\b(?:will|would|does|do)\b[^.?]{0,40}\bfit\b|\bwhat happens if\b"
    # "its DOUT line read directly by an ESP32 GPIO. Is that within spec?"
    r"|\bread (?:directly |straight )?(?:by|from|with)\b|\b(?:within|in) spec\b"
    # "does its DOUT high level meet the ESP32 input-high threshold": one part's level against
    # another part's limit.
    r"|\b(?:meet|satisf|exceed|reach|clear|within)\w*\b.{0,50}\b(?:threshold|vih|vil|limit|level)s?\b"
    # "does the ESP32 side meet what the CCS811 needs from the host"
    r"|\b(?:meet|satisf|provide)\w*\b.{0,40}\bneeds?\b|\bneeds? (?:of|from) (?:the|its|a) host\b"
    # ("the guaranteed maximum dropout", "the guaranteed thermometer error" are figures, not
    # "guaranteed to work?")
    r"|\bguarantee[ds]?\b(?!\s+(?:max|min)|\s+(?:[\w-]+\s+){0,2}(?:error|accuracy|tolerance"
    r"|range|value|voltage|current|resolution|swing)s?\b)|\bfed (?:from|by)\b|\bgood (?:supply|source|match|fit)\b"
    r"|\b(?:one|single|same|shared|common) (?:i2c |spi )?(?:bus|lines|wires)\b"
    r"|\b(?:can|could) (?:i|we|you)\b.{0,30}\b(?:put|fit|place|have|mount)\b"
    r"|\b(?:does|do|will|would|can)\b[^?]{0,40}\bsupport\b|\bdriven (?:directly |straight )?(?:from|by|off)\b|\bhandle\b"
    r"|\bcontrol\b.{0,40}\bover\b"
    # "esp32 GPIOs -> tb6612fng AIN1 ... problem?", "good enough logic for its inputs?"
    r"|\b(?:problems?|issues?)\s*\?|\bgood enough\b"
    r"|\bvalid (?:way|setup|configuration|combination|choice|option)\b|\bis (?:that|this|it) valid\b"
    # "Will an ADS1115 (...) accept the 0.5-4.5 V output of the XGZP6847A?"
    r"|\b(?:will|would|does|can)\b[^?]{0,60}\baccept\b",
    re.IGNORECASE,
)
_COMPARE_CUES = re.compile(
    r"\bcompare|\bcomparison|\bversus\b|\bvs\.?\b|\bwhich (?:one |of (?:the|them|these) |\w+ )?"
    r"(?:has|is|draws|needs|offers|gives|runs|supports|allows|tolerates|sleeps?|uses|consumes)"
    r"|\bdifference between\b"
    r"|\b(?:higher|lower|wider|narrower|more|less|larger|smaller|better) .{0,40}\bthan\b"
    r"|\bboth\b",
    re.IGNORECASE,
)
_ACCURACY_CUES = re.compile(
    r"\buncertaint|\baccura(?:cy|te)\b.{0,80}\b(?:reading|range|day|year|hour)"
    r"|\bhow (?:good|accurate|precise)\b|\bprecision\b"
    rf"|\bgood to\b|{_OFF_BY}|\bwithin what tolerance\b|\boff by how much\b"
    # "how far can the actual sink current be from the setting"
    r"|\bhow far\b.{0,60}\bfrom (?:the|that|this) (?:setting|reading|programmed|set ?point|displayed)\b"
    # "how far can the actual resistance be from 5 Ω"
    r"|\bhow far\b.{0,40}\bactual\b.{0,30}\bfrom\s+\d"
    r"|\bwhat(?:'s| is) the (?:\+/-|±)|\bwithin what (?:\+/-|±)|\breading (?:is )?good\b"
    # a calibration procedure's limit at one of its points
    r"|\b(?:verification|calibration) tolerance\b|\btolerance\b.{0,60}\bpoint\b",
    re.IGNORECASE,
)

_NUM = r"[-+−]?\d+(?:\.\d+)?"
_VOLT_AT = re.compile(
    # "running from a single Li-ion cell (3.7 V nominal…)": the source named, then its voltage.
    # ("feed it from a 4xAA pack (6.0 V)")
    rf"(?:(?:(?:(?:running|powered|fed|supplied|straight) )?(?:from|off)|(?:powered|fed|supplied) by)"
    rf" (?:an?\s+|the\s+)?"
    rf"(?:[a-z0-9][\w-]*\s+){{1,3}}\(\s*(?:~|(?:about|around|roughly|approx\.?|nominally)\s+)?"
    rf"|at|@|from|with|on(?: a single| the same| the| my| our)?|off|powered (?:at|from|by|with|off|on)|running (?:at|from|off|on)"
    rf"|supplied (?:at|with|from)|dropping (?:down )?(?:from )?"
    # "off a single Li cell, call it 3.3 V": the source's voltage given as a round figure
    rf"|(?:call it|say,?)"
    rf"|supply (?:of|at)|vdd ?=?|vcc ?=?|vin ?=|vddio ?=?|vlogic ?=?|vio ?=?|dvdd ?=?|vm ?=?|vs ?=|avdd ?=?|vsupply ?="
    # "an INA219 whose VS is 5 V", "VM about 3.7 V"
    rf"|(?:vdd|vcc|vs|vin|vm|avdd) (?:is|about|around|roughly|of|at|~)"
    # "a 1S LiPo that sags to about 3.7 V": where the source settles is what the part gets
    rf"|(?:sag(?:s|ging)?|droop(?:s|ing)?|drops?|dropping|falls?|falling) (?:down )?to "
    rf"(?:about |around |roughly |~\s*)?"
    # "with its Vcc tied to the same 3.3 V rail"
    rf"|(?:vdd|vcc|vs|vin|vm|avdd|vio) (?:tied|connected|wired|strapped) to (?:the same |the |a )?"
    # "a TB6612FNG whose Vcc is on the 5 V rail"
    rf"|(?:vdd|vcc|vs|vin|vm|avdd|vio) (?:is |sits )?on (?:the same |the |a )?"
    # "from the robot's 3.3 V logic rail"
    rf"|(?:from|off) (?:the |my |our |an? )?[a-z][\w-]*'s"
    # "from a USB 5V input": the source named, then its voltage
    rf"|(?:from|off) (?:the |my |our |an? )?(?:usb|wall|bench|lab|car)"
    # "lm358 (single 5V supply)", "follower (same 5 V rail)"
    rf"|\(\s*(?:the\s+|a\s+)?(?:single|same)\s+"
    # "an ESP32-WROOM-32 (supply 3.3 V)"
    rf"|\(\s*supply\s*[:=]?)"
    # "VDD = VREF = 2.7 V": rails tied together and stated once.
    rf"(?:\s*(?:vref|vdd|vcc|avdd|vio|dvi) ?=)*"
    rf"\s*(?:(?:a|an|the)\s+)?(?:single\s+)?({_NUM})\s*(m?v)\b"
    # ("at 1.5V headroom": the voltage across a regulator, not its supply)
    rf"(?!\s*(?:of\s+)?(?:headroom|across|differential|dropout)\b)",
    re.IGNORECASE,
)
_REVISION = re.compile(
    # ("rev A/B", "rev A or B")
    r"\b(?i:(?:board )?rev(?:ision|\.)?)\s*([A-Z])(?:\s*(?:/|&|(?i:and|or))\s*([A-Z]))?\b"
    # ("rev b", typed in lower case: the abbreviation names a revision, no article follows it)
    r"|\b(?i:rev\.?)\s*([a-z])(?:\s*(?:/|&|and|or)\s*([a-z]))?\b(?!\s+\w+\s+(?:of|to)\b)"
    r"|\b([A-Z]) (?i:revision)\b"
    r"|\b(?i:revisions?) ([A-Z])(?: (?:and|or|/) ([A-Z]))?\b"
    # "silkscreen by J1 says B": the board's printed revision letter
    r"|\b(?i:silk[- ]?screen(?:ed)?)\b[^.?;]{0,30}?\b(?i:says|shows|reads|is)\s+['\"‘“]?([A-Z])\b",
)
# "on the B boards": boards named by their revision letter
_REVISION_BOARDS = re.compile(r"\b(?:the|our|those|these|all)\s+([A-Z])[- ]boards?\b")
_INTERVAL = re.compile(
    r"\b(24)[- ]?h(?:ou)?r?s?\b|\b(90)[- ]?days?\b|\b(1|one)[- ]?y(?:ea)?r\b|\b(12)[- ]months?\b"
    r"|\b(\d{1,2}) months?\b|\b(\d{1,3}) days?\b",
    re.IGNORECASE,
)
_READING = re.compile(
    rf"(?:reading(?: of)?|reads?|measur(?:ing|ed|es?)|value of|for(?: a)?)\s+(?:a\s+|an?\s+|the\s+)?({_NUM})\s*"
    r"(mV|V|kV|uV|µV|A|mA|ohm|Ω|kohm|kΩ)\b"
    rf"|({_NUM})\s*(mV|V|kV|uV|µV|mA|A|ohm|Ω|kohm|kΩ)\s+(?:reading|signal|input|rail|level)",
    re.IGNORECASE,
)
QUERY_RETURNS = re.compile(
    # ("MEAS:VOLT? on the bench supply comes back as 24.0000": where it is asked, between)
    rf"\bMEAS(?:ure)?:(VOLT|CURR)\w*(?::\w+)*\?\s*(?:[^.?;]{{0,40}}?\s)?(?:=|returns?|returned"
    r"|gives?|gave|reads?|says?"
    # ("answers MEAS:CURR? with 0.2270": the verb before the query)
    r"|answers?|answered|shows?|showed|with"
    rf"|comes back(?: as| with)?|came back(?: as| with)?|repl(?:ies|ied)(?: with)?)\s+({_NUM})"
    r"(?:\s*\(?\s*(mV|V|mA|A)\b\)?)?"
    # "returns 24.0000 for MEAS:VOLT?": the reply said first
    rf"|\b(?:returns?|returned|gives?|gave|reads?|reports?|shows?)\s+({_NUM})"
    r"(?:\s*(mV|V|mA|A)\b)?\s+(?:for|to)\s+(?:the\s+|a\s+)?MEAS(?:ure)?:(VOLT|CURR)\w*(?::\w+)*\?",
    re.IGNORECASE,
)
_QUERY_UNIT = {"VOLT": "V", "CURR": "A"}
# The quantity a question asks the accuracy of, by its word, as the base of its unit
_READING_OF = {"resistance": "ohm", "current": "a", "voltage": "v"}


def _reading_base(reading: tuple[str, str]) -> str:
    """The base unit of a reading as written ("mA" → "a", "kΩ" → "ohm")."""
    unit = reading[1].replace("Ω", "ohm").lower()
    return "ohm" if unit.endswith("ohm") else unit[-1]


_RANGE = re.compile(
    # "its 0-40 V range" is the 40 V range, not a "-40 V" one
    rf"\b(?:0\s*(?:-|–|to)\s*)?({_NUM})\s*(mV|V|kV|mA|A|ohm|Ω|kohm|kΩ|Mohm|MΩ)\s+(?:(?:DC|AC)\s+)?range"
    rf"|\brange\s+(?:of\s+)?({_NUM})\s*(mV|V|kV|mA|A)",
    re.IGNORECASE,
)
_BOUND_MAX = re.compile(
    r"\bmax(?:imum)?\b|\bhighest\b|\bupper\b|\bat most\b|\bup to\b|\bhow high\b|\blargest\b"
    # "peak-to-peak noise" is how a figure is measured, not its bound
    r"|(?<!to-)(?<!to )\bpeak\b(?![- ]to[- ]peak)"
    r"|\bfastest\b|\blongest\b",
    re.IGNORECASE,
)
_BOUND_MIN = re.compile(
    # "L/min", "rev/min", "10-min reports", "every 5 min" are units, not a request for the
    # minimum.
    r"(?<!/)(?<!\d-)(?<!\d )(?<!\d)\bmin(?:imum)?\b|\blowest\b|\blower limit\b|\bat least\b|\bhow low\b|\bsmallest\b"
    r"|\bshortest\b",
    re.IGNORECASE,
)
# "roughly how long": the figure to expect, not a guaranteed bound
_BOUND_TYP = re.compile(
    r"\btypical(?:ly)?\b|\bnominal\b|\btyp\b|\broughly\b|\bapproximately\b", re.IGNORECASE
)
_OPERATING = re.compile(
    r"\boperat|\brecommended|\bnormal use|\bcontinuous(?:ly)?\b|\bwork(?:ing|s)?\b|\brun(?:ning|s)?\b",
    re.IGNORECASE,
)
_ABSMAX = re.compile(
    r"\babsolute[- ]max|\bdamage|\bdestroy|\bstress rating|\babs\.? max", re.IGNORECASE
)
# "Survive" and "withstand" ask for a rating unless the question names the operating range
# ("which survives a wider operating temperature range").
_ABSMAX_VERB = re.compile(r"\bsurviv|\bwithstand", re.IGNORECASE)
_NOT_ABSMAX = re.compile(
    r"\b(?:not|rather than|instead of|other than|excluding|never|(?:do not|don't) mean)\s+"
    r"(?:the\s+|an?\s+)?"
    r"(?:absolute[- ]max\w*|abs\.? max\w*)(?:\s+ratings?)?"
    # "(active mode, not power-down)": the low-power mode is what is not asked
    r"|\b(?:not|rather than|instead of|other than|excluding)\s+(?:in\s+)?(?:the\s+)?"
    r"(?:sleep|standby|power[- ]?down|shutdown|deep[- ]sleep)(?:\s+mode)?",
    re.IGNORECASE,
)
_NOT_PART = re.compile(
    r"\b(?:not|rather than|instead of|other than|excluding)\s+(?:the\s+|an?\s+)?"
    r"(?=[A-Za-z-]*\d)[A-Za-z][\w-]*\d[\w-]*",
    re.IGNORECASE,
)
# Variant suffixes: ACS712 -05B/-20A/-30A, AMS1117 -3.3/-5.0, LM78xx 05/12, relay coil voltages.
_VARIANT_SUFFIX = re.compile(
    r"^[-\s]?((?:ELC(?:TR)?-?)?\d{2}\s?[AB]|\d\.\d{1,2}|\d{2}V?)\b", re.IGNORECASE
)


# ---------------------------------------------------------------------------- normalisation
# Engineers write units, numbers and part names many ways ("3v3", "3,3 V", "5 volts", "10ma",
# "analogue", "temprature"). The parser reads one spelling; these rewrites bring the others to it.
# Each rewrite keeps the question's meaning and never invents a number.
_UNIT_WORDS: tuple[tuple[str, str], ...] = (
    (r"milli[- ]?volts?", "mV"),
    (r"micro[- ]?volts?", "µV"),
    (r"kilo[- ]?volts?", "kV"),
    (r"volts?|vdc|vac", "V"),
    (r"milli[- ]?amp(?:ere)?s?|mamps?", "mA"),
    (r"micro[- ]?amp(?:ere)?s?|uamps?", "µA"),
    (r"amp(?:ere)?s?", "A"),
    (r"kilo[- ]?hertz", "kHz"),
    (r"mega[- ]?hertz", "MHz"),
    (r"hertz", "Hz"),
    (r"milli[- ]?watts?", "mW"),
    (r"watts?", "W"),
    (r"deg(?:rees?)?\.? ?(?:c|celsius|centigrade)|celsius|centigrade|ºc|℃", "°C"),
    (r"ms/s|msps", "MSPS"),
    (r"ks/s|ksps", "ksps"),
    (r"ppm", "ppm"),
)
_UNIT_CASE = {
    "mv": "mV",
    "v": "V",
    "ma": "mA",
    "a": "A",
    "ua": "µA",
    "µa": "µA",
    "na": "nA",
    "uv": "µV",
    "khz": "kHz",
    "mhz": "MHz",
    "hz": "Hz",
    "mw": "mW",
    "w": "W",
    "kv": "kV",
}
_SPELLING = {
    # British and informal spellings of the words the phrase tables use.
    "analogue": "analog",
    "avg": "average",
    "whilst": "while",
    "programme": "program",
    "behaviour": "behavior",
    "temp": "temperature",
    "temps": "temperatures",
    "freq": "frequency",
    "addr": "address",
    "addrs": "addresses",
    "consumtion": "consumption",
    "i²c": "I2C",
    "iic": "I2C",
    "twi": "I2C",
    "vcc/vdd": "VDD",
    "regulater": "regulator",
    "abs.": "absolute",
    "abs": "absolute",
    "compatable": "compatible",
    "compatibile": "compatible",
    "mins": "minimum",
}
# Domain words a misspelling is corrected to (edit distance, long words only). A word list
# reads better as one string than as sixty quoted items.
_VOCAB_WORDS = (
    "temperature temperatures voltage voltages current currents supply address addresses "
    "sensitivity resolution accuracy operating maximum minimum consumption frequency dropout "
    "quiescent interface humidity pressure compatible compatibility regulator absolute recommended "
    "threshold sampling storage standby measurement measuring detection uncertainty calibration "
    "revision typical output input sleep range dissipation efficiency switching "
    "ripple conversion response package channels connect shutdown power ambient "
    "powered sample protocol channel gain regulation capacitance resistance impedance "
    "linearity hysteresis excitation leakage bandwidth oscillator electrical mechanical "
    "operation operations capacitor overtemperature overcurrent overvoltage undervoltage"
)
_VOCAB = tuple(_VOCAB_WORDS.split())
_DEVICE_LIKE = re.compile(r"\d")


def _transposed(a: str, b: str) -> bool:
    """Whether ``a`` is ``b`` with two neighbouring letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def _fix_spelling(word: str) -> str:
    low = word.lower()
    if low in _SPELLING:
        return _SPELLING[low]
    if _DEVICE_LIKE.search(low) or not low.isalpha() or low in _VOCAB:
        return word
    if len(low) == 5:
        # "ouput", "suply": a six-letter word with an inner letter dropped (not "ample", which
        # drops the first letter of "sample" and is a word of its own)
        return next(
            (
                v
                for v in _VOCAB
                if len(v) == 6 and any(low == v[:i] + v[i + 1 :] for i in range(1, 6))
            ),
            word,
        )
    if len(low) < 6:
        return word
    swapped = next((v for v in _VOCAB if _transposed(low, v)), None)
    if swapped:
        return swapped  # "sampel", "currnet": two letters typed the other way round
    close = difflib.get_close_matches(low, _VOCAB, n=1, cutoff=0.86)
    if close and low.endswith(close[0]):
        return word  # a prefix is no slip: "unpowered" is not "powered"
    return close[0] if close else word


def _plain_decimal(mantissa: str, exponent: int) -> str:
    """``("+2.720000", -3)`` → ``"0.00272"``: the figure an instrument printed in scientific
    notation, written out, with the trailing zeros of its fixed digits dropped."""
    sign = "-" if mantissa.startswith("-") else ""
    digits = mantissa.lstrip("+-")
    whole, frac = digits.split(".")
    point = len(whole) + exponent
    raw = (whole + frac).rstrip("0") or "0"
    if point <= 0:
        out = "0." + "0" * -point + raw
    elif point >= len(raw):
        out = raw + "0" * (point - len(raw))
    else:
        out = raw[:point] + "." + raw[point:]
    out = out.lstrip("0") or "0"
    return sign + ("0" + out if out.startswith(".") else out)


def normalize_question(text: str) -> str:
    """The question in the spelling the parser reads; the same meaning and the same numbers.

    ``"whats the vdd range on a bme 280 at 3v3"`` → ``"whats the vdd range on a bme 280 at 3.3 V"``;
    ``"3,3 V"`` → ``"3.3 V"``; ``"5 volts"`` → ``"5 V"``; ``"10ma"`` → ``"10 mA"``;
    ``"analogue"`` → ``"analog"``; ``"temprature"`` → ``"temperature"``.
    """
    t = text.replace("−", "-").replace("–", "-").replace("’", "'").replace("\u00a0", " ")
    t = t.replace("I²C", "I2C").replace("i²c", "i2c")
    # "+5.012000E+00", an instrument's reply in scientific notation: the plain decimal
    t = re.sub(
        r"(?<![\w.])([-+]?\d+\.\d+)E([-+]?\d{1,2})(?!\w|\.\d)",
        lambda m: _plain_decimal(m.group(1), int(m.group(2))),
        t,
    )
    # "+/-0.512 V", "+- 5 %": one sign, as datasheets print it.
    t = re.sub(r"\+\s*/\s*-\s*(?=\d)|\+-\s*(?=\d)", "±", t)
    # "3v3", "1V8", "5v0": the unit letter stands for the decimal point.
    t = re.sub(r"(?<![\w.])(\d+)[vV](\d+)(?![\w.])", r"\1.\2 V", t)
    # a radio's settings written out or run together: "spreading factor 12" is SF12, "BW125k"
    # is BW 125 kHz
    t = re.sub(r"(?i)\bspreading factor\s*(?:of\s*|=\s*)?(\d{1,2})\b", r"SF\1", t)
    t = re.sub(r"(?i)\bBW\s*=?\s*(\d+(?:\.\d+)?)\s*k(?:hz)?\b", r"BW \1 kHz", t)
    # A decimal comma before a unit: "3,3 V", "0,5 mA".
    t = re.sub(
        r"(?<![\w.,])(\d+),(\d{1,3})(?=\s*(?:[mµukM]?(?:V|A|W|Hz)|°C)\b)",
        r"\1.\2",
        t,
    )
    # "line and load regulation": each of them
    t = re.sub(
        r"(?i)\b(line|load)\s*(?:and|&|/)\s*(line|load)\s+regulation\b",
        r"\1 regulation and \2 regulation",
        t,
    )
    # "full-scale diff input": the differential input
    t = re.sub(
        r"(?i)\bdiff\.?(?=\s+(?:input|inputs|voltage|signal|pair|amp|mode|range)\b)",
        "differential",
        t,
    )
    # "low-resolution mode": datasheets print a mode's initial ("L-Resolution Mode").
    t = re.sub(
        r"(?i)\b(l)ow[- ]res(?:olution)?\b|\b(h)igh[- ]res(?:olution)?\b(?=\s+mode)"
        r"|\b([hl])-res\b",
        lambda m: f"{(m.group(1) or m.group(2) or m.group(3)).upper()}-resolution",
        t,
    )
    # "as VIN falls": the direction names the row ("falling"), not a second spec.
    t = re.sub(
        r"(?i)\b(?:as|when|while)\s+(?:the\s+)?(?:vin|vcc|vdd|input|supply)(?:\s+voltage)?\s+"
        r"(?:(falls|drops|decreases|goes down)|rises|increases|goes up)\b",
        lambda m: "falling" if m.group(1) else "rising",
        t,
    )
    # Unit words after a number: "5 volts", "20 milliamps", "400 kilohertz".
    for pat, unit in _UNIT_WORDS:
        t = re.sub(rf"(?<=\d)\s*(?:{pat})(?![A-Za-z])", f" {unit}", t, flags=re.IGNORECASE)
    # Unit letters in any case after a number: "10ma" → "10 mA", "5v" → "5 V".
    t = re.sub(
        r"(?<![\w.])(?<!\w-)(\d+(?:\.\d+)?)\s*(mv|ma|ua|µa|na|uv|khz|mhz|hz|mw|kv|v|a|w)"
        r"(?![A-Za-z0-9µ]|-\w)",
        # (not a part's number run into its suffix: "7805A" is the LM7805A, not 7805 amps)
        lambda m: (
            m.group(0)
            if m.group(1) in _BY_DIGITS and not re.search(r"\s", m.group(0))
            else f"{m.group(1)} {_UNIT_CASE[m.group(2).lower()]}"
        ),
        t,
        flags=re.IGNORECASE,
    )
    # "for each FS_SEL setting 0..3": the span enumerates the settings asked, it states none.
    t = re.sub(
        r"(?i)(\b(?:each|every|all)\b[^?.,;:]*?)\s+\(?\d+\s*(?:\.\.\.?|-|to|through)\s*\d+\)?"
        r"(?![\d.])(?!\s*(?:[pnuµmkM]?(?:V|A|W|Hz|s|Ω)|°C|%|ppm)(?![A-Za-z]))",
        r"\1",
        t,
    )
    # "dropping my DS18B20s from 12-bit to 10-bit": a setting changed states only where it goes.
    t = re.sub(
        r"(?i)\b((?:drop|switch|chang|go|mov|reduc|lower|rais|increas|bump|cut|turn)\w*\s+"
        r"(?:[\w'-]+\s+){0,3}?)from\s+[-+]?\d+(?:\.\d+)?(\s*-?\s*[A-Za-z°µ%/]+)\s+to\s+"
        r"(?=[-+]?\d+(?:\.\d+)?\2\b)",
        r"\1to ",
        t,
    )
    # "how fast does the contact let go": a relay's release
    t = re.sub(r"(?i)\blet(?:s)? go\b", "release", t)
    # "after a thermal shutdown, when does it come back on": its recovery
    t = re.sub(r"(?i)\b(?:comes?|turns?|switch(?:es)?|starts?)\s+back\s+(?:on|up)\b", "recovers", t)
    # "about -25 deg" of weather: a temperature (not "deg/s", a rate, nor "deg C" already read)
    t = re.sub(
        r"(?<![\w.])([-+]?\d+(?:\.\d+)?)\s*deg(?:rees)?\b(?!\s*(?:/|per\b|C\b|F\b|celsius))",
        r"\1 °C",
        t,
        flags=re.IGNORECASE,
    )
    # "stand-by current" is the standby current
    t = re.sub(r"(?i)\bstand[- ]by\b", "standby", t)
    # "max bus V", "supply V?": a lone V after a word, not after a number, is the word voltage.
    t = re.sub(r"(?<=[A-Za-z]) V(?=\s*(?:[?.,;:)]|$))", " voltage", t)
    # Spelling: word by word, keeping punctuation and anything that looks like a part number.
    t = re.sub(r"[A-Za-z²][A-Za-z²./]*[A-Za-z]|[A-Za-z]", lambda m: _fix_spelling(m.group(0)), t)
    t = re.sub(r"\bwhat'?s\b", "what is", t, flags=re.IGNORECASE)
    # "How many amps/milliamps" asks for a current like "how much current" does.
    t = re.sub(
        r"\bhow many (?:amps?|amperes?|milliamps?|milliamperes?|ma|a)\b",
        "how much current",
        t,
        flags=re.IGNORECASE,
    )
    return t


@dataclass
class DeviceMention:
    """A device named in the question, with what the question says about it."""

    device: str
    """Canonical model name."""
    text: str
    """The words that named it."""
    start: int
    end: int
    variant: str | None = None
    supply_v: float | None = None
    """A supply voltage the question states for this device ("ADS1115 at 3.3 V")."""
    part_number: str | None = None
    """The full orderable part number as written ("ACS712ELCTR-20A-T"), when one was."""


@dataclass
class ParsedQuestion:
    """What the deterministic parser found in a question."""

    text: str
    route: RouteName
    devices: list[DeviceMention]
    specs: list[tuple[str, ...]]
    """One tuple of candidate spec names per spec phrase, in question order."""
    spec_phrases: list[str]
    bound: Bound | None
    operating: bool
    absolute_max: bool
    revisions: tuple[str, ...]
    accuracy: bool
    reading: tuple[str, str] | None = None
    """The reading as written (number, unit)."""
    ranges: list[tuple[str, str]] = field(default_factory=list)
    """Every instrument range named ("on the 10 V range ... and on the 100 V range?")."""
    intervals: list[str] = field(default_factory=list)
    """Every calibration interval named ("the 90 day spec vs the 1 year spec")."""
    stated_voltages: list[float] = field(default_factory=list)
    stated_numbers: list[float] = field(default_factory=list)
    """Every number the question states outside device names (conditions to match)."""
    quantity: str | None = None
    """For multi-quantity sensors: temperature, humidity, pressure, gas, ..."""
    original: str = ""
    """The question as asked (``text`` is its normalised spelling)."""
    unknown_parts: list[str] = field(default_factory=list)
    asked_unit: str | None = None
    """The canonical unit the answer is asked in ("LSB per degree C"), when that names the spec."""
    """Words that look like part numbers but name no device we know ("XYZ-1", "BMP280")."""

    @property
    def instrument_range(self) -> tuple[str, str] | None:
        """The instrument range named first, or None."""
        return self.ranges[0] if self.ranges else None

    @property
    def interval(self) -> str | None:
        """The calibration interval named first, or None."""
        return self.intervals[0] if self.intervals else None

    @property
    def device_names(self) -> list[str]:
        """Canonical names in question order, without repeats."""
        seen: list[str] = []
        for m in self.devices:
            if m.device not in seen:
                seen.append(m.device)
        return seen


def _alias_pattern(devices: dict[str, tuple[str, ...]]) -> list[tuple[re.Pattern[str], str]]:
    # Longest alias first so "ESP32-WROOM-32" wins over "ESP32". Separators in an alias may be
    # written as a dash, a space or nothing ("MPU-6050", "MPU 6050", "mpu6050").
    pairs: list[tuple[str, str]] = []
    for model, aliases in devices.items():
        for alias in {model, *aliases}:
            pairs.append((alias, model))
    pairs.sort(key=lambda p: -len(squash(p[0])))
    out = []
    for alias, model in pairs:
        # Split at written separators and at letter/digit boundaries, so that "BME 280",
        # "bme-280", "HC SR501" and "ads 1115" all name their part.
        parts = [
            re.escape(p)
            for chunk in re.split(r"[\s\-_]+", alias)
            for p in re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", chunk)
            if p
        ]
        body = r"[\s\-_]?".join(parts)
        # A part number may run on into an ordering code or a plural ("ACS712ELCTR-20A-T",
        # "LM7805CT", "ADS1115IDGSR", "AMS1117-3.3", "BME280s"): the tail is kept for the
        # variant. Only after a name that ends in a digit, where a letter cannot continue a word.
        tail = _TAIL if alias[-1].isdigit() else r"(?:'?s\b)?(?![A-Za-z0-9])"
        out.append(
            (
                re.compile(rf"(?<![A-Za-z0-9])(?P<name>{body})(?P<tail>{tail})", re.IGNORECASE),
                model,
            )
        )
    return out


# An ordering-code tail: letters and digits, dash-separated groups ("ELCTR-20A-T", "CT",
# "IDGSR", "-3.3", "CD-3.3", "A040KPG33" with its supply code), or a plural "s"/"'s". It never
# swallows a following word.
_TAIL = (
    r"(?:'?s\b|(?:[A-Z]{1,6}\d*[A-Z]*\d{0,2})?"
    r"(?:-(?:\d+(?:\.\d+)?[A-Z]{0,2}|[A-Z]{1,4}\d*[A-Z]*))*(?![A-Za-z0-9]))"
)


_DEFAULT_ALIASES = _alias_pattern(DEVICES)

_QUANTITIES = {
    "temperature": r"\btemperature\b",
    "humidity": r"\bhumidity\b|\brh\b",
    "pressure": r"\bpressure\b",
    "current": r"\bcurrent\b",
    "acceleration": r"\baccel(?:erometer|eration)?s?\b",
    "rotation": r"\bgyro(?:scope)?s?\b",
}


@functools.lru_cache(maxsize=4)
def _sibling_patterns(
    siblings: tuple[tuple[str, str], ...],
) -> list[tuple[re.Pattern[str], str, str | None]]:
    # Each sibling name is its own "model" to the pattern builder, so it keeps its own name.
    owner = dict(siblings)
    return [(pat, owner[name], name) for pat, name in _alias_pattern({n: () for n in owner})]


def _find_devices(
    text: str, known: Iterable[str] | None, siblings: tuple[tuple[str, str], ...] = ()
) -> list[DeviceMention]:
    known_set = set(known) if known is not None else None
    taken: list[tuple[int, int]] = []
    found: list[DeviceMention] = []
    patterns: list[tuple[re.Pattern[str], str, str | None]] = [
        *_sibling_patterns(siblings),
        *((pat, model, None) for pat, model in _DEFAULT_ALIASES),
    ]
    for pattern, model, sibling in patterns:
        if known_set is not None and model not in known_set:
            continue
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            mention = DeviceMention(
                device=model, text=m.group(0), start=m.start(), end=m.end(), variant=sibling
            )
            if sibling:
                found.append(mention)
                continue
            code = re.sub(r"^'?s$", "", m.group("tail") or "", flags=re.IGNORECASE)
            if code:
                # An orderable part number: the whole of it names the variant; the QA matches
                # it against the variants the documents list.
                mention.part_number = m.group(0)
                vm = re.search(r"(\d{2}[AB])(?![A-Za-z0-9])|(\d\.\d{1,2})", code, re.IGNORECASE)
                if vm:
                    mention.variant = (vm.group(1) or vm.group(2)).upper()
                found.append(mention)
                continue
            tail = text[m.end() : m.end() + 12]
            suffix = _VARIANT_SUFFIX.match(tail)
            if suffix and not re.match(r"^[-\s]?\d+(?:\.\d+)?\s*(?:v|mv|a|ma)\b", tail, re.I):
                mention.variant = suffix.group(1).upper()
                mention.end = m.end() + suffix.end()
            elif suffix and re.match(r"^[-\s]?\d{2}\s?[AB]\b(?!\s*(?:range|current|load))", tail):
                # "ACS712 20A", "ACS712 20 A" right after the name: the current-range variant.
                mention.variant = re.sub(r"\s", "", suffix.group(1)).upper()
                mention.end = m.end() + suffix.end()
            elif suffix and re.match(r"^-\d", tail):
                # "AMS1117-3.3" names the 3.3 V variant, written with a dash and no unit.
                mention.variant = suffix.group(1).upper()
                mention.end = m.end() + suffix.end()
            found.append(mention)
    # "the ACS712-05B and 30A", "AMS1117 3.3 or 5.0": a bare variant after a named one is
    # a second variant of the same part.
    for mention in list(found):
        if not mention.variant:
            continue
        for sm in _SIBLING.finditer(text, mention.end):
            if sm.start() != mention.end and not re.fullmatch(
                r"[\s,]*", text[mention.end : sm.start()]
            ):
                break
            if any(a < sm.end(1) and sm.start(1) < b for a, b in taken):
                break
            taken.append((sm.start(1), sm.end(1)))
            found.append(
                DeviceMention(
                    device=mention.device,
                    text=sm.group(1),
                    start=sm.start(1),
                    end=sm.end(1),
                    variant=re.sub(r"\s", "", sm.group(1)).lstrip("-").upper(),
                )
            )
            break
    # "the 1117's thermal shutdown", "my 7805": a part called by the digits of its number alone,
    # after a word that makes it a thing, where those digits belong to one part only.
    for m in _NICKNAME.finditer(text):
        model = _BY_DIGITS.get(m.group(1))
        if not model or (known_set is not None and model not in known_set):
            continue
        if any(a < m.end(1) and m.start(1) < b for a, b in taken):
            continue
        found.append(DeviceMention(device=model, text=m.group(1), start=m.start(1), end=m.end(1)))
    found.sort(key=lambda d: d.start)
    return found


def _digit_names() -> dict[str, str]:
    owners: dict[str, set[str]] = {}
    for model in DEVICES:
        m = re.search(r"(\d{3,})\D*$", squash(model))
        if m:
            owners.setdefault(m.group(1), set()).add(model)
    return {digits: next(iter(models)) for digits, models in owners.items() if len(models) == 1}


_BY_DIGITS = _digit_names()
_NICKNAME = re.compile(
    r"\b(?i:the|my|our|a|an|this|that|these|those|your)\s+(\d{3,5})(?:'?s)?\b"
    r"(?!\.\d|\s*(?:[pnuµmkM]?(?:[AVWΩ]|Hz|s)|°C|%|ppm|ohms?|rpm|SPS|lux|lx|LSB|dB|bits?)(?![A-Za-z]))"
)


_SIBLING = re.compile(
    # (a full stop may end the sentence: "ACS712 05B or 20A. Typical ...")
    r"\s*(?:,|and|or|vs\.?|versus)\s+(?:the\s+|an?\s+)?(-?\d{2}\s?[AB]|-?\d\.\d{1,2})(?!\w|\.\d)",
    re.IGNORECASE,
)


_VOLT_ALT = re.compile(
    rf"\b(?:versus|vs\.?|compared (?:with|to))\s+(?:at\s+)?(?:v\w{{0,4}}\s*=\s*)?({_NUM})\s*(m?v)\b",
    re.IGNORECASE,
)
# "from a 12 V battery on charge (14.4 V)", "(8.4 V full, ~6 V empty)": the same source's other
# voltages, stated in brackets after it.
_VOLT_BRACKET = re.compile(rf"(?<=[(,])\s*~?\s*({_NUM})\s*(m?v)\b(?=[^()]*\))", re.IGNORECASE)
_VOLT_SHARED = re.compile(
    rf"\b(?:both|each|all(?: of them| three)?)\s+(?:(?:are|is|run(?:ning)?|powered)\s+)?"
    rf"(?:at|on|from|off|with)\s+(?:a\s+|the\s+same\s+|one\s+)?({_NUM})\s*(m?v)\b",
    re.IGNORECASE,
)
_POWERED_BEFORE = re.compile(
    rf"(?<![\w.])({_NUM})\s*(m?v)(?:[- ](?:powered|supplied|fed)\s+(?:\w+\s+)?|\s+"
    r"|\s+(?:version|variant|model|part)\s+of\s+(?:the\s+|an?\s+)?"
    # "a pack at 6.0 V feeding an LM7805": the voltage the part is fed
    r"|\s+(?:feeding|into|powering)\s+(?:the\s+|an?\s+)?)$",
    re.IGNORECASE,
)


def _volts(m: re.Match[str]) -> float:
    """The voltage a match states as (number, "V" or "mV"), in volts."""
    value = float(m.group(1).replace("−", "-"))
    return value / 1000.0 if m.group(2).lower() == "mv" else value


# "from the 3.3 V rail of my ESP32 board", "straight off the ESP32 3.3 V pin": a part named only
# as the owner of the rail or pin another is powered from is that rail's voltage, not a party to
# the question (a regulator's "output" is a party: it is checked as a supply). A part sitting
# "on" a board's pin ("on the ESP32 board's 3.3 V pin") is powered from it too; "on the
# LM7805's 5 V rail" keeps the regulator a party.
_RAIL_OF = re.compile(
    rf"\b(?:(?:from|off)\s+(?:the\s+|my\s+|an?\s+|our\s+)?({_NUM})\s*V\s+(?:rail|pin|header)"
    rf"|on\s+(?:the\s+|my\s+|an?\s+|our\s+)?({_NUM})\s*V\s+(?:pin|header))\s+"
    r"(?:of|on)\s+(?:the\s+|my\s+|an?\s+|our\s+)?$",
    re.IGNORECASE,
)
_OWNER_RAIL = re.compile(
    rf"^(?:'s)?\s*(?:board'?s?\s+|module'?s?\s+)?({_NUM})\s*V\s+(rail|pin|header)\b",
    re.IGNORECASE,
)
_OFF_THE = re.compile(r"\b(from|off|on)\s+(?:the\s+|my\s+|an?\s+|our\s+)?$", re.I)


def _rail_owners(text: str, devices: list[DeviceMention]) -> list[tuple[DeviceMention, float]]:
    """Mentions of a part only as the owner of the rail another part is powered from, with
    the rail's voltage; only when another part is named and the owner is named once."""
    if len({d.device for d in devices}) < 2:
        return []
    out: list[tuple[DeviceMention, float]] = []
    for d in devices:
        if sum(o.device == d.device for o in devices) > 1:
            continue
        before = text[max(0, d.start - 40) : d.start]
        after = _OWNER_RAIL.match(text[d.end : d.end + 40])
        m = _RAIL_OF.search(before)
        on = _OFF_THE.search(before)
        if m:
            out.append((d, float(m.group(1) or m.group(2))))
        elif after and on and (on.group(1).lower() != "on" or after.group(2).lower() != "rail"):
            out.append((d, float(after.group(1))))
        elif (v := _VOLTS_FROM.search(before)) and _BOARD_AFTER.match(text[d.end : d.end + 20]):
            # "Vcc 3.3 V from the ESP32 board": the board that gives another part its rail
            out.append((d, float(v.group(1))))
    return out


_VOLTS_FROM = re.compile(
    rf"(?<![\w.])({_NUM})\s*V\s+(?:from|off)\s+(?:the\s+|my\s+|an?\s+|our\s+)?$", re.I
)
_BOARD_AFTER = re.compile(r"(?i)(?:'s)?\s*(?:dev(?:elopment)?\s*)?(?:board|kit)\b")


# "9 V in, 100 mA load": a voltage named as the input, as engineers shorten it
_VOLT_IN = re.compile(
    # (not "2.5-4.0 V in 2000 ppm propane": a condition the voltage holds in)
    rf"(?<![\w.])({_NUM})\s*(m?v)\s+in\b"
    rf"(?!\s+(?:(?:the|a|an|my|our|this|that|its|range|series)\b|\d))",
    re.IGNORECASE,
)


_SUPPLY_TIED = re.compile(
    r"(?i)\bv(?:cc|dd)\w*\s+(?:is\s+|now\s+)*(?:tied|connected|wired|hooked\s+up|strapped)\s+to\s+"
    r"(?:the\s+|my\s+|an?\s+|our\s+)?$"
)


# "XGZP6847A100KPG (5V part, 0-100kPa gauge)": the supply the part is made for
_VOLT_PART = re.compile(
    rf"(?<![\w.])({_NUM})\s*(m?v)\s+(?:\([^)]*\)\s*)?(?:part|version|variant|model)\b(?!\s+of\b)",
    re.I,
)


# "yf-s201 output into an esp32 pin (sensor on 5V)": a supply given to a part by its kind,
# in brackets or as a clause of its own ("..., sensor on 5V - safe?")
_SENSOR_ON = r"(?:is\s+)?(?:on|at|from|powered\s+(?:from|by|at)|runs\s+(?:on|at))"
_SENSOR_SUPPLY = re.compile(
    rf"\(\s*(?:the\s+)?sensor\s+(?:{_SENSOR_ON}\s+)?({_NUM})\s*(m?v)\b[^()]*\)", re.IGNORECASE
)
_SENSOR_CLAUSE = re.compile(
    rf"(?:[,;]|\bwhen|\bwhile|\bwith)\s*(?:the\s+)?sensor\s+{_SENSOR_ON}\s+({_NUM})\s*(m?v)\b", re.I
)


_IO_VOLTS_AFTER = re.compile(
    rf"^(?:'s)?\s*({_NUM})\s*(v)\s+(?:gpios?|i/?os?|logic|outputs?\s+levels?)\b", re.IGNORECASE
)
_KIND_RAIL = re.compile(
    r"(?i)\b(?:the\s+(?:driver|sensor|regulator|module|chip|adc|amp|op-?amp|ldo|converter)'s"
    rf"|its)\s+v(?:cc|dd|m|s|in)\w*\s*(?:is\s+|=\s*|at\s+|on\s+)(?:at\s+)?({_NUM})\s*(v)\b"
)


def _attach_supplies(
    text: str, devices: list[DeviceMention], sensors: frozenset[str] = frozenset()
) -> list[float]:
    """Give each device the supply voltage stated right after (or just before) its name, or
    by its kind ("(sensor on 5V)": the one sensor named, of the ``sensors`` models)."""
    named = [d for d in devices if d.device in sensors]
    said = (_SENSOR_SUPPLY.search(text), _SENSOR_CLAUSE.search(text))
    kind = next((m for m in said if m), None) if len({d.device for d in named}) == 1 else None
    if kind:
        for d in named:
            d.supply_v = _volts(kind)
        text = text[: kind.start()] + " " * len(kind.group(0)) + text[kind.end() :]
    volts = [(m.start(), _volts(m)) for m in _VOLT_AT.finditer(text)]
    volts += [(m.start(), _volts(m)) for m in _VOLT_IN.finditer(text)]
    if len(parts := list(_VOLT_PART.finditer(text))) == 1:
        # (not "the 5 V version vs the 3.3 V version": both asked)
        volts += [(parts[0].start(), _volts(parts[0]))]
    volts.sort()
    if volts:
        # "at VDD = 5 V versus 3.3 V": the compared supply is stated too.
        volts.extend((m.start(), _volts(m)) for m in _VOLT_ALT.finditer(text))
        volts.extend((m.start(), _volts(m)) for m in _VOLT_BRACKET.finditer(text))
    for i, dev in enumerate(devices):
        limit = devices[i + 1].start if i + 1 < len(devices) else len(text)
        for pos, value in volts:
            if not (kind and dev in named) and dev.end <= pos < min(limit, dev.end + 60):
                dev.supply_v = value
                break
        if dev.supply_v is None and i + 1 < len(devices):
            # "TB6612FNG ... Vcc tied to the esp32's 3.3V rail": the rail of the part named next
            nxt = devices[i + 1]
            rail = _OWNER_RAIL.match(text[nxt.end : nxt.end + 40])
            if rail and _SUPPLY_TIED.search(text[dev.end : nxt.start]):
                dev.supply_v = float(rail.group(1))
        if dev.supply_v is None:
            # "a 5 V-powered XGZP6847A", "the 3.3 V-supplied BME280", "a 5 V XGZP6847A":
            # stated just before it.
            pm = _POWERED_BEFORE.search(text[max(0, dev.start - 30) : dev.start])
            if pm:
                dev.supply_v = _volts(pm)
    for dev in devices:
        if dev.supply_v is None and (io := _IO_VOLTS_AFTER.match(text[dev.end : dev.end + 30])):
            # "esp32-wroom-32 3.3 V GPIOs": the level of its I/O, the supply it runs them at
            dev.supply_v = _volts(io)
    kind = _KIND_RAIL.search(text)
    unset = [d for d in devices if d.supply_v is None]
    if (
        kind
        and len(devices) >= 2
        and len(unset) == 1
        and all(d.supply_v != _volts(kind) for d in devices)
    ):
        # "driving TB6612FNG inputs from ESP32 GPIOs at 3.3 V while the driver's Vcc is 5 V":
        # a rail said by the part's kind is the one part given no supply yet, when its value
        # is no other part's
        unset[0].supply_v = _volts(kind)
    shared = _VOLT_SHARED.search(text)
    if shared:
        # "both at 3.3 V", "all powered from 5 V": every part named runs from that supply.
        for dev in devices:
            if dev.supply_v is None or shared.start() > dev.end:
                dev.supply_v = _volts(shared)
    return [v for _, v in volts]


# "calibrated two months ago": the counts written in words (the extractor's own table)
_COUNT_WORDS = {w: str(n) for w, n in NUMBER_WORDS.items() if n}


def _interval(text: str) -> str | None:
    # "calibrated two months ago", "three weeks ago": counts in words, weeks in days
    text = re.sub(
        rf"(?i)\b({'|'.join(_COUNT_WORDS)})(?=[- ](?:months?|weeks?|days?)\b)",
        lambda m: _COUNT_WORDS[m.group(1).lower()],
        text,
    )
    text = re.sub(r"(?i)\b(\d{1,2})[- ]weeks?\b", lambda m: f"{int(m.group(1)) * 7} days", text)
    m = _INTERVAL.search(text)
    if not m:
        # "calibrated yesterday", "cal'd this morning": inside the 24-hour specification
        if re.search(r"(?i)\bcal\w*\b.{0,20}\b(?:yesterday|today|this morning|last night)\b", text):
            return "24h"
        return None
    if m.group(1):
        return "24h"
    if m.group(2):
        return "90d"
    if m.group(3) or m.group(4):
        return "1y"
    if m.group(5):
        months = int(m.group(5))
        return "90d" if months <= 3 else "1y"
    if m.group(6):
        days = int(m.group(6))
        return "24h" if days <= 1 else "90d" if days <= 90 else "1y"
    return None


def _quantity(text: str, unit: str) -> tuple[str, str]:
    return text.replace("−", "-"), unit


_CONDITION = re.compile(
    r"(?:\b(?:when|if|while|whilst)\s+(?:it\s+is\s+|it's\s+|its\s+|the\s+\S+\s+is\s+)?)?"
    r"(?:\b(?:powered|supplied|running|run|operated|operating|driven|fed|biased)\s+)?"
    r"(?:\b(?:at|from|off|on|with|by|@)\s+)(?:an?\s+|the\s+|its\s+)?"
    r"[-+]?\d+(?:\.\d+)?\s*m?V\b"
    r"(?:\s+(?:dc\s+)?(?:supply|supplies|rail|vdd|vcc|vin|power|input))?"
    r"|\b(?:with|on|from|off)\s+(?:an?\s+|the\s+)?(?:supply|vdd|vcc)\s*(?:of|at|=)\s*"
    r"[-+]?\d+(?:\.\d+)?\s*m?V\b",
    re.IGNORECASE,
)


# A part-number-looking word: a run of two letters or more and a digit ("BMP280", "XYZ-1",
# "SHT31"), not a pin, bus, rail, document or component reference.
_PART_LIKE = re.compile(r"(?<![\w.§-])([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?![\w§])")
_NOT_A_PART = re.compile(
    r"^(?:GPIO|IO|ADC|DAC|AIN|PIN|CH|VDD|VCC|VIN|VM|VS|AVDD|DVDD|VDDIO|VLOGIC|SDA|SCL|TX|RX|INT"
    r"|EN|OUT|IN|AD|ADDR|ECN|DR|REV|TP|SW|P[A-Z]|I2C|SPI|UART|USB|COM|LSB|MSB|CS|MOSI|MISO|SCK"
    r"|SCLK|NC|GND|VREF|REF|ALERT|RDY|DRDY|CLK|DOUT|DIN|DATA|AC|DC|PWM|TO|SOT|SOIC|TSSOP|QFN|DIP"
    r"|MSOP|SMD|LGA|BGA|X|PCB|RH|HZ|KHZ|MHZ|BIT|BITS|RC|RS|IP|R|C|L|U|J|Q|D|A|DIO|IRQ|RST|NRST"
    r"|NINT|NWAKE|NRESET|RESET|BUSY|STBY|SHDN|AO|BO|AN|OUTA|OUTB|INA|INB"
    # gases and particles a sensor reports: "eCO2", "NO2", "O3", "PM2.5", "H2S"
    r"|E?CO|NOX?|SO|O|NH|CH|PM|H(?=2S)"
    # Wi-Fi modes: "HT20", "MCS7"
    r"|V?HT|MCS"
    # package names: "Multiwatt15", "PowerSO20", "SSOP24", "TO-220"
    r"|MULTIWATT|POWERSO|V?SSOP|PDIP|SO|SOP|DFN|TDFN|HSOP|HTSSOP|[VWU]?QFN|[TL]?QFP|[VW]?SON|WLCSP|D2?PAK"
    # and pin counts before them: "16L-SOIC"
    r"|\d{1,3}L(?=-?[A-Z]))[-\d]",
    re.IGNORECASE,
)


# Bus and link names read like part numbers ("1-Wire", "RS-485") but name no part.
_BUS_WORD = re.compile(r"(?:1|one)-?wire|rs-?\d{3}|i[23]c|can-?fd", re.IGNORECASE)


_OTHER_PARTY = re.compile(
    r"\b(?:power|drive|feed|supply|run|connect(?: to)?|talk to|read|into|to|with)\s+"
    r"(?:a|an|the|my|two)\s+"
    r"((?:[A-Z][\w+-]*)(?:\s+(?:[A-Z][\w+-]*|\d[\w+-]*)){0,3})\b"
    # "with the FILTER pin cap": a pin of the part named, not another product
    r"(?!\s+(?:pins?|lines?|input|output|register|cap|capacitor|resistor|terminal)\b)"
)


# A product named by its pins, in title case ("Raspberry Pi 4 GPIO", "Arduino Uno's pins")
_PRODUCT_PINS = re.compile(
    r"\b([A-Z][a-z][\w+-]*(?:\s+(?:[A-Z][\w+-]*|\d[\w+-]*)){0,3})(?:'s|’s)?\s+"
    r"(?:GPIOs?|gpios?|pins?|I/?Os?)\b"
)
_NOT_PRODUCT = re.compile(r"(?i)the|my|our|its|this|that|an?|each|both|all|any|which|what|logic")


_QUOTED_PART = re.compile(
    # (an opening quote after no letter: "the regulator's output ... the module's" is two
    # possessives)
    r"(?<![A-Za-z])['\"‘“]([A-Za-z][\w -]{2,40}\b(?:module|board|driver|shield|breakout|adapter))"
    r"['\"’”]"
)
_GENERIC_LOAD = re.compile(
    r"(?i)\b(?:drive|power|run|switch|feed|measur(?:e|ing)|monitor(?:ing)?)\s+(?:a|an|the|my|our)\s+"
    r"((?:[\w.-]+\s+){0,3}?(?:solenoid(?:\s+valve)?|valve|pump|(?:gear\s+|dc\s+)?motor|fan|lamp"
    r"|led\s+strip|actuator))\b"
)

# "a 5 V microcontroller board (we don't have its datasheet)", "a surplus stepper motor - no
# datasheet for the motor": a party the question itself says no document describes, named by
# the last thing of its kind before the words that say so.
_NO_DATASHEET = re.compile(
    r"(?i)(?:(?:we|i)\s+(?:don'?t|do not)\s+have\s+(?:its|the|a|any)\s+data\s?sheet"
    r"|\bno\s+data\s?sheet|\bwithout\s+(?:an?|its|any)\s+data\s?sheet"
    r"|\bdata\s?sheet\s+(?:is\s+)?(?:unknown|missing|unavailable))"
)
_PARTY = re.compile(
    r"(?i)\b(?:an?|the|my|our|some)\s+((?:[\w.-]+\s+){0,4}?(?:(?:microcontroller|mcu)(?:\s+board)?"
    r"|board|module|motor|gearmotor|sensor|controller|chip|part|device|pump|valve|load|supply"
    r"|adapter|breakout|shield|display|relay|regulator|converter))\b"
)


# "a GY-521 style MPU-6050 breakout ... the board has its own regulator", "my ESP32 DevKit
# board via its 5V/VIN pin": power fed to a board goes through a regulator on that board,
# which no document here describes.
_BOARD_REGULATOR = re.compile(
    r"(?i)\b(?:board|breakout|module|devkit|dev kit)\b[^.?]{0,80}?\b(?:own|on-?board)\s+"
    r"(?:\w+\s+)?regulator|\b(?:board|breakout|devkit|dev kit)\b[^.?]{0,30}?\b(?:its|the)\s+"
    r"(?:5\s?V\s*/\s*VIN|VIN\s*/\s*5\s?V|VIN|5\s?V|USB)\s+(?:pin|header|input)"
)


def _undocumented_party(text: str, devices: list[DeviceMention]) -> str | None:
    """The party the question says it has no datasheet for, if it says so; or the regulator
    on a board the question feeds through it ("the breakout has its own regulator")."""
    board = _BOARD_REGULATOR.search(text)
    if board and re.search(
        r"(?i)\b(?:no|without|lacks?|n[o']t have)\s+(?:an?\s+|its\s+|any\s+)?(?:own|on-?board)\b",
        board.group(0),
    ):
        board = None  # "a breakout with no onboard regulator": fed directly
    if devices and board:
        owner = [d for d in devices if d.start < board.start()] or devices
        return f"the regulator on the {owner[-1].device} board"
    cue = _NO_DATASHEET.search(text)
    if cue is None:
        return None
    parties = [
        m
        for m in _PARTY.finditer(text[: cue.start()])
        if cue.start() - m.end() <= 40
        and not any(d.start < m.end(1) and m.start(1) < d.end for d in devices)
        and not re.search(r"(?i)\bsupply\s*$", m.group(1))
    ]
    return parties[-1].group(1).strip() if parties else None


def _unknown_parts(masked: str) -> list[str]:
    out: list[str] = []
    for m in _PART_LIKE.finditer(masked):
        word = m.group(1)
        if re.search(r"(?:…|\.\.\.)\s*$", masked[: m.start(1)]):
            continue  # "(…KPG33)": the tail of an ordering code, not a part of its own
        if (
            len(word) >= 4
            and re.search(r"[A-Za-z]{2}", word)
            and re.search(r"\d", word)
            and not _NOT_A_PART.match(word)
            and not _BUS_WORD.fullmatch(word)
            # "12-bit", "3-axis", "16-pin", "2-resistor": a count and what it counts, not a part
            and not re.fullmatch(r"\d+-(?:[a-z]{2,}|(?i:bit|pin|min|hr)s?)", word)
            # "5V-version", "3.3V-only": a quantity and a word, not a part
            and not re.fullmatch(r"\d+(?:\.\d+)?[A-Za-z]{1,3}-[a-z]{3,}", word)
            and not re.fullmatch(r"\d+(?:-\d+)*[A-Za-z]{0,4}", word)
            # "0xD0", "8583h": a register address or value, not a part
            and not re.fullmatch(r"0x[0-9A-Fa-f]+|[0-9A-Fa-f]+h", word)
            # "SF12", "BW125": a radio setting, not a part
            and not re.fullmatch(r"(?i)(?:sf|bw|cr)\d{1,3}k?", word)
            # "LiFePO4", "LiPo", "NiMH", "18650": a cell chemistry or size, not a part
            and not re.fullmatch(r"(?i)li-?fe-?po4|lipo4?|li-?ion\d*|nimh\d*|\d+S\d*P?", word)
            # "5 mA-1 A", "11.5 V-24 V": a unit and the next figure of a range.
            and not re.fullmatch(r"(?:[mµuk]?[AVW]|[mµun]?s|[kM]?Hz|°?C|mV|kΩ|Ω)-\d+", word)
            # "5mA-1A", "7-20V": a range of quantities written without spaces.
            and not re.fullmatch(
                r"\d+(?:\.\d+)?(?:[mµuk]?[AVW])?(?:-\d+(?:\.\d+)?[mµuk]?[AVW])?", word
            )
        ):
            out.append(word)
    return out


_SIGNAL_VOLTS = re.compile(
    r"\d\s*V\s+(?:logic|signal|levels?|i/o|io|gpio|pins?|inputs? signal|outputs?)\b(?!\s+rail)"
    r"|\b(?:logic|signal|gpio|i/o)\s+(?:level|voltage|signal)s?\s+(?:of|at)\s+[\d.]+\s*V\b",
    re.IGNORECASE,
)


_SENTENCE_END = re.compile(r"[.?!](?=\s|$)")


def _sentence_end(text: str, pos: int) -> str:
    """The mark that ends the sentence holding ``pos`` ("?" for a question), "" at the end."""
    end = _SENTENCE_END.search(text, pos)
    return end.group(0) if end else ""


_GENERIC_DRAW = re.compile(
    r"(?:(?:quiescent |supply )?current(?: draw| consumption)?|draws?|consumption)", re.I
)
_DRAW_VERB = re.compile(r"(?:can i |to |it )?draws?|drawn|drawing", re.I)


_SAID_BY_VERB = re.compile(r"(?i)(?:lose|loses|losing|drops?|dropping)\b")


def _match_specs(spec_text: str) -> tuple[list[tuple[str, ...]], list[str]]:
    """Spec candidates and the phrases that named them, in question order."""
    specs: list[tuple[str, ...]] = []
    phrases: list[str] = []
    consumed: list[tuple[int, int]] = []
    hits: list[tuple[float, tuple[str, ...], str]] = []
    for pattern, pair in _PAIR_PHRASES:
        for m in pattern.finditer(spec_text):
            if any(a < m.end() and m.start() < b for a, b in consumed):
                continue
            consumed.append((m.start(), m.end()))
            for k, cands in enumerate(pair):
                # Keep the pair in its stated order at the phrase's place in the question.
                hits.append((m.start() + k / 10, cands, cands[0].replace("_", " ")))
    for pattern, cands in _COMPILED:
        for m in pattern.finditer(spec_text):
            if any(a < m.end() and m.start() < b for a, b in consumed):
                continue
            consumed.append((m.start(), m.end()))
            # A phrase that spans a device name or a quantity, or says the spec with a verb
            # ("drops less voltage"), reads badly as a label: use the spec.
            said = m.group(0)
            plain = not re.search(r"§|\d\s*[µunmk]?[AVW]\b", said) and not _SAID_BY_VERB.match(said)
            phrase = said if plain else cands[0].replace("_", " ")
            hits.append((m.start(), cands, phrase))
    hits.sort(key=lambda h: h[0])
    if len(hits) > 1:
        # "the MDN-4010 supply", "power supply": with another spec named, a bare "supply" or
        # "power supply" names the kind of device, not a request for its supply voltage (but
        # "the minimum supply" asks it).
        hits = (
            [
                h
                for h in hits
                if not (
                    h[1] == ("supply_voltage",)
                    # ("logic supply pin - allowed voltage range?": the range of the rail named)
                    and h[2].lower() in ("supply", "power supply", "voltage range")
                    and not re.search(
                        r"(?i)\b(?:min|max|minimum|maximum|lowest|highest)\s+$", spec_text[: h[0]]
                    )
                )
            ]
            or hits
        )
    # "output voltage tolerance", "heater resistance, nominal and tolerance": the tolerance of
    # a figure asked before it is that row's printed band, not a separate accuracy figure.
    hits = [
        h
        for h in hits
        if not (
            h[2].lower() == "tolerance" and any(o[0] < h[0] and o[1] != ("accuracy",) for o in hits)
        )
    ]
    if len(hits) > 1:
        # "logic supply pin - what voltage range is it specified for": with a rail named, the
        # generic question words ask that rail's voltage, not the main supply's.
        hits = [
            h
            for h in hits
            if not re.fullmatch(r"(?:what|which) voltages?(?: range)?", h[2].strip(), re.I)
        ] or hits
    # "bus-voltage full-scale range": the quantity right before it says whose range, one item
    hits = [
        h
        for h in hits
        if not (
            h[1][0] == "full_scale_range"
            and any(
                o is not h
                and re.search(r"(?i)(?:voltage|current)$", o[2])
                and 0 <= h[0] - (o[0] + len(o[2])) <= 1
                for o in hits
            )
        )
    ]
    sleep = [h[0] for h in hits if h[1] == ("sleep_current",)]
    if sleep:
        # "parked in standby ... max current draw?": the generic current words after it ask
        # the standby current named (not "supply current and power-down current")
        hits = [
            h
            for h in hits
            if not (
                h[1] == ("supply_current",)
                and h[0] > sleep[0]
                and _GENERIC_DRAW.fullmatch(h[2].strip())
            )
        ]
    verb = [bool(_DRAW_VERB.fullmatch(h[2].strip())) for h in hits]
    if any(h[1][0].endswith("_current") and not v for h, v in zip(hits, verb, strict=True)):
        # "how much output current can I draw": the verb is the user drawing that current,
        # not the part's own supply current; "in sleep ... the worst-case current it can
        # draw": the verb is the sleep current named.
        hits = [h for h, v in zip(hits, verb, strict=True) if not v] or hits
    # "at what input voltage does the undervoltage lockout trip": the quantity asked first is
    # what the spec named after it is, not a second item.
    hits = [
        h
        for h in hits
        if not (
            re.search(r"(?i)\bat (?:what|which)\s+$", spec_text[: int(h[0])])
            and re.match(r"(?i)\s*(?:does|do|will|would)\b", spec_text[int(h[0]) + len(h[2]) :])
            and any(o[0] > h[0] for o in hits)
        )
    ] or hits
    if any(h[1][0] == "logic_supply_voltage" and "logic" in h[2].lower() for h in hits):
        # "what supply range does its logic supply pin accept": the generic supply words ask
        # the logic supply named, not the main supply too (a rail named by symbol, "VDD and
        # VDDIO", is two rails).
        hits = [
            h for h in hits if not re.fullmatch(r"(?i)supply(?: voltage)?(?: range)?", h[2].strip())
        ]
    asking = [h for h in hits if _sentence_end(spec_text, int(h[0])) == "?"]
    if asking:
        # "We want fast motor-current sampling so we set the ADC to 9-bit. Max conversion
        # time?": a bare "sampling" told before the question is the purpose, not an item
        hits = [
            h
            for h in hits
            if h in asking or not re.fullmatch(r"(?i)sampl(?:e|es|ing)", h[2].strip())
        ]
    ups = [h[0] for h in hits if h[1][0] == "start_up_time"]
    if ups:
        # "After VCC comes up, how long...": the rail that comes up is the event, not an item
        hits = [
            h
            for h in hits
            if not (
                h[1] == ("supply_voltage",) and any(0 <= u - h[0] - len(h[2]) <= 2 for u in ups)
            )
        ]
    if any(h[1][0] == "i2c_address" for h in hits):
        # "on I2C with SDO tied to ground - what's the address": the bus is the setting
        hits = [
            h for h in hits if not (h[1] == ("interface",) and re.fullmatch(r"(?i)i2c|i²c", h[2]))
        ]
    if any(FORCED_ON_OUTPUT.search(h[2]) for h in hits):
        # the other supply named ("a USB 5 V supply onto the output") is what is forced on it
        hits = [h for h in hits if h[1][0] not in ("supply_voltage", "input_voltage_range")]
    if len(hits) > 1:
        # "worst-case VOUT over the full operating-temperature band", "ambient anywhere from
        # -10 to 40C": the range a figure is asked over, not a temperature item of its own
        hits = [
            h
            for h in hits
            if not (
                h[1][0] in ("operating_temperature", "junction_temperature")
                and (
                    re.search(
                        r"(?i)\b(?:full|entire|whole|over|across)\s+(?:the\s+)?(?:full\s+)?$",
                        spec_text[: int(h[0])],
                    )
                    or re.match(
                        r"(?i)\s*(?:\w+\s+){0,2}?(?:from\s+)?[-+]?\d+(?:\.\d+)?\s*(?:°\s*C?|C\b|"
                        r"(?:to|-|–)\s*[-+]?\d+(?:\.\d+)?\s*°?\s*C\b)",
                        spec_text[int(h[0]) + len(h[2]) :],
                    )
                )
            )
        ] or hits
    if any(h[1] == ("supply_voltage",) for h in hits):
        # "lowest supply voltage ...? my ldo rail sags": the rail is the supply asked
        hits = [h for h in hits if h[2].strip().lower() != "rail"]
    if any(h[1][0] == "thermal_shutdown" for h in hits):
        # "at what junction temp does the thermal protection shut it down": the junction
        # temperature is what the shutdown point is, not a second item
        hits = [h for h in hits if h[1][0] not in ("junction_temperature", "operating_temperature")]
    if any(h[1][0] in ("logic_low_threshold", "logic_high_threshold") for h in hits):
        # "a logic high on its inputs": with a threshold asked, a bare "input" names the pin.
        # Likewise "what voltage counts as a high", "what input voltage does a GPIO need to read
        # high": the generic voltage words ask the threshold.
        hits = [
            h
            for h in hits
            if not re.fullmatch(
                r"inputs?|(?:what|which) voltages?|voltage range|input voltage",
                h[2].strip(),
                re.IGNORECASE,
            )
        ]
    for _, cands, phrase in hits:
        named = {w for w in re.findall(r"[a-z]+", phrase.lower()) if w not in _GENERIC_WORDS}
        if cands not in specs or (
            # "loop voltage and heater voltage": two supplies of one part, each its own row
            named
            and len(phrase.split()) >= 2
            and all(
                len(other.split()) >= 2
                and other.lower().split()[-1] == phrase.lower().split()[-1]
                and not named & set(re.findall(r"[a-z]+", other.lower()))
                for c, other in zip(specs, phrases, strict=True)
                if c == cands
            )
        ):
            specs.append(cands)
            phrases.append(phrase)
    return specs, phrases


_GENERIC_WORDS = frozenset({"voltage", "current", "supply", "range", "the", "of", "max", "min"})


# "9-, 10-, 11- and 12-bit resolution", "12/11/10/9-bit modes": settings listed, each asked.
LISTED_BITS = re.compile(
    # ("9-, 10- and 12-bit", "12-bit, 11-bit, 10-bit, 9-bit")
    r"\b(?:\d{1,2}-?(?:\s?bits?)?\s*(?:,|/|\band\b|\bor\b)\s*)+\d{1,2}[- ]?bits?\b"
    r"(?:\s+(?:resolution|modes?))?",
    re.IGNORECASE,
)


def listed_bits(text: str) -> set[int]:
    """The resolutions a question lists to be answered each ("9-, 10- and 12-bit": 9, 10, 12)."""
    m = LISTED_BITS.search(text)
    return {int(n) for n in re.findall(r"\d+", m.group(0))} if m else set()


# Conditions a question states rather than asks: "at VDD = 2.7 V", "over the full operating
# temperature range", "a 24 V rail with ±10 % tolerance".
_STATED_CONDITIONS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        # ("VDD = VREF = 5 V": rails tied together, stated once)
        r"(?:\b(?:at|with|when|@)\s+)?\b(?:(?:VDD|VCC|VIN|VS|VM|VDDIO|VLOGIC|AVDD|DVDD|VREF)\s*=\s*)+"
        r"[-+]?\d+(?:\.\d+)?\s*m?V\b",
        # "(VDD = VREF)": rails tied together, their voltage stated elsewhere
        r"\b(?:VDD|VCC|AVDD|DVDD|VREF)\s*=\s*(?:VDD|VCC|AVDD|DVDD|VREF)\b",
        r"\b(?:over|across|throughout)\s+(?:the\s+)?(?:full\s+|whole\s+|entire\s+)?"
        r"(?:operating\s+|junction\s+)?temperature(?:\s+range)?",
        # How the part is wired, not a figure asked: "as a unity-gain buffer", "(voltage
        # follower)", "on a single 5 V rail".
        r"\bunity[- ]gain(?:\s+(?:buffer|follower|configuration|amplifier))?|\bvoltage follower",
        r"\b(?:on|from)\s+a\s+single\s+\d+(?:\.\d+)?\s*V\s+(?:rail|supply)\b",
        # Settings listed to be answered each: "for 9-, 10-, 11- and 12-bit resolution".
        LISTED_BITS.pattern,
        r"(?:±|\+/-|\+-)\s*\d+(?:\.\d+)?\s*%\s*(?:tolerance|variation|ripple)\b"
        r"|\b(?:tolerance|variation|ripple) of\s*(?:±|\+/-|\+-)?\s*\d+(?:\.\d+)?\s*%",
        # A bound on a rail or a pin: "6.5 V <= VIN <= 12 V", "VIN ≥ 6.5 V", "0 < INP < 3.3 V".
        rf"(?:{_NUM}\s*[mµu]?[VA]?\s*(?:<=|≤|=<|<)\s*)?\b[A-Z]{{1,6}}[-+]?\s*"
        rf"(?:<=|≤|=<|<|>=|≥|>)\s*{_NUM}\s*[mµu]?[VA]?\b",
        # A list of conditions up to its "range": "over the full 5 mA-1 A load, 17.5-30 V input
        # and temperature range".
        r"\b(?:over|across|throughout)\s+(?:the\s+)?(?:full|whole|entire)\s+"
        r"(?:[^?.;()]|\.(?=\d)){0,80}?\brange\b",
        # The whole part as the scope of a figure: "supply current for the package"
        r"\b(?:for|of|per) the (?:whole |entire )?package\b|\bper package\b",
        # A condition stated before: "... (3.0-4.2 V). Max current in that VM range?", "PGA /8
        # ... offset at that gain?"
        r"\b(?:in|at|over|across|for|throughout)\s+(?:that|this|the same)\s+(?:\w+\s+)?"
        r"(?:range|gain|setting|mode|rate|temperature|voltage|supply|resolution|package)\b",
        # An input span stated: "input between 8 and 12 V", "input from 16 to 22 V", "the
        # input only moves between 8 V and 12 V".
        # A temperature span stated: "temp range limited to 0–65 °C"
        rf"\btemp(?:erature)?(?:\s+range)?\s+(?:is\s+|of\s+|(?:limited|restricted)\s+to\s+|"
        rf"from\s+|between\s+)?{_NUM}\s*(?:°\s?C|C)?\s*(?:-|–|to|and)\s*{_NUM}\s*(?:°\s?C|C|degC)\b",
        # ("an input swinging 8-12 V")
        rf"\binput\s+(?:voltage\s+)?(?:only\s+)?(?:(?:moves|varies|swings|swinging|changes|goes|"
        rf"ranges|stays)\s+)?(?:(?:between|from|spanning)\s+)?{_NUM}\s*V?\s*(?:and|to|-)\s*"
        rf"{_NUM}\s*V\b",
        # A stated quantity on a pin or a load: "17.5-30 V input", "a 5 mA-1 A load".
        rf"(?<![\w.]){_NUM}\s*(?:[mµu]?[VA])?(?:\s*(?:-|to)\s*{_NUM})?\s*[mµu]?[VA]\s+"
        r"(?:input|load)\b(?!\s+(?:range|current|voltage|impedance|resistance|"
        r"capacitance|bias|offset|leakage|regulation|threshold|ripple|power))"
        # ("a 5 V load that draws 2.5 A": the load's draw is asked of what feeds it)
        r"(?!\s+(?:(?:that|which)\s+)?(?:draws?|drawing|needs?|takes?|pulls?|requires?)\b)",
    )
)


# Settings a question states: "at 85 degC ambient", "at an ambient of 60 °C", "at 10 SPS",
# "vs 80 SPS", "gain 128", "gain = 64".
# "over its different temperature bands", "for each temperature range": every band's row
EACH_BAND = re.compile(
    r"(?i)\b(?:each|every|per)\s+(?:temperature|temp|operating)\s+(?:band|range|span|window)\b"
    r"|\b(?:all(?: the| its)?|different|various)\s+(?:temperature|temp|operating)\s+"
    r"(?:bands?|ranges?|spans?|windows?)\b"
    r"|\b(?:over|across|for)\s+(?:the\s+|its\s+)?(?:different|various|all)\s+"
    r"(?:bands?|ranges?|spans?)\b"
)


# The rating a figure has under the absolute maximum ratings.
RATING_OF = {
    "supply_voltage": "absolute_max_supply_voltage",
    "input_voltage_range": "absolute_max_input_voltage",
}
# "... range and the abs max?": the named figure's rating asked beside it
_AND_THE_RATING = re.compile(
    r"(?i)\band\s+(?:the\s+|its\s+)?((?:absolute[- ]max(?:imum)?|abs\.?\s*max(?:imum)?)"
    r"(?:\s+ratings?|\s+values?|\s+limits?)?)\s*(?:[?.!,;]|$)"
)


_SETTINGS = re.compile(
    r"\b(?:at|@)\s+(?:an?\s+ambient\s+(?:temperature\s+)?of\s+)?[-+]?\d+(?:\.\d+)?\s*"
    r"(?:deg(?:rees)?\s?C|°C|℃)(?:\s+ambient)?"
    # "when the ambient is around -10 °C"
    r"|\bambient(?:\s+temperature)?\s+(?:is|of|at)\s+(?:around\s+|about\s+|~\s*)?[-+−]?\d+"
    r"(?:\.\d+)?\s*(?:deg(?:rees)?\s?C|°C|℃|C\b)"
    r"|(?<![\w.])\d+(?:\.\d+)?\s*(?:SPS|ksps|Hz)\s+(?:(?:data|output)\s+)?rate\b"
    r"|(?<![\w.])\d+(?:\.\d+)?\s*(?:SPS|ksps)\b"
    r"|\bgain\s*(?:=|of)?\s*\d+\b",
    re.IGNORECASE,
)


# "(it's listed as the absolute max, so that's fine, right?)": the rating offered as the
# reason a value is fine asks about operating, not for the rating
_RATING_IS = (
    # ("abs max says 6V so fine?")
    r"(?:the )?abs(?:olute)?\.? max\w*(?: rating)?(?: [A-Za-z]\w*){0,2}? (?:is|of|says?) "
    r"[-+]?\d+(?:\.\d+)?\s*[A-Za-z]+\s*"
)
_CLAIMED_ABSMAX = re.compile(
    # ("the 4.0 A abs max": a decimal point is no sentence end)
    r"(?i)\b(?:says?|said|claims?|thinks?|reckons?|argues?)\b(?:[^.?;]|\.(?=\d)){0,15}"
    r"\babs(?:olute)?\.? max\w*\b(?:[^.?;]|\.(?=\d)){0,40}"
    # "The abs max (VDD) is 15 V, so is it OK?", "... ok? abs max is 15 V": the rating as the
    # asker's premise
    rf"|\b{_RATING_IS},?\s*(?=so\b)|(?<=\?)\s*{_RATING_IS}[.!]?\s*$"
)
_ABSMAX_PREMISE = re.compile(
    r"(?i)\b(?:it'?s|is|as|since|because)\b[^.?;]{0,25}\babs(?:olute)?\.? max\w*\b"
    r"[^.?;]{0,30}\b(?:fine|ok|okay|safe|right)\b"
)


# A sentence after the question that says why it is asked ("Wondering about the voltage drop
# on our 20 A drive.")
_REASON_GIVEN = re.compile(
    r"(?i)(?<=\?)\s+(?:(?:i'?m|we'?re|just)\s+)?(?:wondering|worried|curious|thinking|asking"
    # "I'm budgeting the idle draw for 14 of them."
    r"|budget+ing|planning|sizing|designing|working out)"
    r"\b[^?]*$"
)


def final_question(text: str) -> str | None:
    """The wh-question a question ends with ("... like the gyro. What's the highest
    accelerometer rate?"), or None when it ends otherwise."""
    last = re.split(r"[.:;!?]\s+", text.strip())[-1]
    # ("Max supply current at that temperature?" asks a figure as much as "what is")
    # ("At the full 1 A load, what's ...?": a condition may lead it)
    asks = re.match(
        r"(?i)(?:(?:at|with|on|under|in)\b[^,?]{0,50},\s*)?(?:so\s+)?"
        r"(?:what|how|which|max(?:imum)?|min(?:imum)?)\b",
        last,
    )
    asks = asks and last.endswith("?")
    return last if asks else None


def without_reason(text: str) -> str:
    """The question without a sentence after it that says why it is asked (blanked)."""
    return _REASON_GIVEN.sub(lambda m: " " * len(m.group(0)), text)


_WAIT_ASKED = re.compile(r"(?i)\bhow long\b[^?]{0,40}\bwait\b|\bwait\b[^?]{0,20}\bhow long\b")
_CHANGED = re.compile(
    r"(?i)\b(?:after|once|whenever|when|each time|every time)\s+(?:i\s+|you\s+|we\s+)?"
    r"(?:change|step|adjust|raise|lower|switch)(?:s|ed|ing)?\s+(?:the\s+|my\s+)?"
    r"[^,.?;]{1,30}?(?=[,.?;]|\s+(?:how|what|before|and)\b)"
)


def parse_question(
    text: str,
    known_devices: Iterable[str] | None = None,
    siblings: tuple[tuple[str, str], ...] = (),
    regulators: frozenset[str] = frozenset(),
    sensors: frozenset[str] = frozenset(),
) -> ParsedQuestion:
    """Parse a datasheet question into devices, specs, conditions and a route.

    ``known_devices`` limits device matching to models the store holds facts for (None: every
    model in the device table). ``siblings`` are (part name, model) pairs for parts a model's
    datasheet covers under names of their own ("LM7812" in the LM78xx datasheet): a mention of
    one is that model, with the part as its variant. ``regulators``: models whose output is a
    rail, kept as parties when a question names one only as the rail's owner. ``sensors``:
    models that measure a quantity, the one a question's "(sensor on 5V)" gives a supply.
    """
    original = text
    text = normalize_question(text)
    # "(not abs max)", "rather than the absolute maximum": the rating is what is not asked.
    text = _NOT_ABSMAX.sub(lambda m: " " * len(m.group(0)), text)
    # "says the abs max is 4 A so it's fine": someone's claim about the rating, to be checked
    # against the operating limit, is no figure asked or applied
    text = _CLAIMED_ABSMAX.sub(lambda m: " " * len(m.group(0)), text)
    # "LM358 (not LM258)": a part ruled out is not one asked about
    text = _NOT_PART.sub(lambda m: " " * len(m.group(0)), text)
    devices = _find_devices(text, known_devices, siblings)
    closing = final_question(text)  # the wh-question the text ends with, if it ends with one
    # Blank the device names out before spec matching, so "INA219" never reads as a spec word.
    masked = list(text)
    for d in devices:
        for i in range(d.start, d.end):
            masked[i] = "§"
    spec_text = "".join(masked)
    if _WAIT_ASKED.search(spec_text):
        # "after I change VIN, how long do I have to wait": the quantity changed is when the
        # wait starts, not a figure asked
        spec_text = _CHANGED.sub(lambda m: " " * len(m.group(0)), spec_text)
    # "the output-voltage minimum": a spec written hyphenated as a modifier
    spec_text = re.sub(
        r"(?i)\b(output|input|supply)-(voltage|current|high|low)\b", r"\1 \2", spec_text
    )
    # "the ACS712 (ACS712ELCTR-05B)": the part, then in brackets which of it; one part.
    devices = [
        d
        for d in devices
        if d.variant
        or not any(
            o.device == d.device and o.variant and re.fullmatch(r"\s*\(\s*", text[d.end : o.start])
            for o in devices
        )
    ]
    # (a regulator's rail is its output, whose band its own documents give: it stays a party)
    rails = [(d, v) for d, v in _rail_owners(text, devices) if d.device not in regulators]
    if not re.search(r"(?i)\b(?:i2c|i²c|spi|uart|serial|1-wire|one-wire|gpio|sda|scl)\b", text):
        # ...unless the two also talk: then the owner is a party as well, at that voltage.
        devices = [d for d in devices if all(d is not owner for owner, _v in rails)]
    # A stated condition ("at VDD = 2.7 V", "VCC = 5 V", "at 12-bit resolution", "configured
    # for 11-bit ADC resolution") is not a spec request.
    spec_text = re.sub(
        r"\b(?:at|in|with|for)\s+(?:a\s+)?\d+[- ]bit(?:\s+(?:adc\s+)?resolution|\s+mode)?"
        r"|\b\d{1,2}[- ]?bits?\s+(?:adc\s+)?resolution\b",
        lambda m: " " * len(m.group(0)),
        spec_text,
        flags=re.IGNORECASE,
    )
    # ("accuracy for each temperature range" asks the accuracy, band by band)
    blanked = EACH_BAND.sub(lambda m: " " * len(m.group(0)), spec_text)
    if _match_specs(blanked)[0]:
        spec_text = blanked
    # A stated ambient, data rate or gain is a condition too, unless it is all that is asked.
    blanked = _SETTINGS.sub(lambda m: " " * len(m.group(0)), spec_text)
    if _match_specs(blanked)[0]:
        spec_text = blanked
    for rx in _STATED_CONDITIONS:
        spec_text = rx.sub(lambda m: " " * len(m.group(0)), spec_text)
    # A stated operating point ("when powered from 2.7 V", "at 3.3 V", "with a 5 V supply",
    # "running off 5 V") is a condition on the answer, not a request for the supply voltage.
    # When nothing else is asked ("Can the BME280 run from 5 V?") the supply is the question.
    # "a 34 V bus", "a 12 V battery": a rail by its voltage, not a data bus.
    # "a solar bus that swings 16-22 V": a bus by the voltage it carries, too.
    spec_text = re.sub(
        r"\bbus(?=\s+(?:that|which)\s+\w+\s+(?:from\s+|between\s+|to\s+)?\d+(?:\.\d+)?\s*"
        r"(?:V\s*)?(?:(?:-|to|and)\s*\d+(?:\.\d+)?\s*)?V\b)"
        # "off a solar bus", "the boat's power bus": a bus that carries power
        r"|(?:(?<=solar )|(?<=power )|(?<=battery )|(?<=supply ))bus\b"
        # "our plant's bus runs at 36 V nominal"
        r"|\bbus(?=\s+(?:runs|sits|is|stays)(?:\s+at)?\s+(?:about\s+|~)?\d+(?:\.\d+)?\s*V\b)",
        "rail",
        spec_text,
        flags=re.IGNORECASE,
    )
    spec_text, powered_bus = re.subn(
        r"(?<![\w.])(\d+(?:\.\d+)?\s*m?V\s+(?:(?!i2c|i²c|spi|can|data|uart|serial|one-wire|1-wire)"
        r"[a-z]+\s+){0,2})(?:bus|battery)\b",
        r"\1rail",
        spec_text,
        flags=re.IGNORECASE,
    )
    if powered_bus:
        # "a 28 V nominal bus ... their worst-case bus": the same rail named again
        spec_text = re.sub(
            r"(?i)(?<!i2c )(?<!i²c )(?<!spi )(?<!can )(?<!data )\bbus\b", "rail", spec_text
        )
    # "... the current path? Wondering about the voltage drop.": why it is asked, not what
    spec_text = without_reason(spec_text)
    # "through a TB6612FNG so I can soft-start it.": what the part is used for, not a figure
    spec_text = re.sub(
        r"(?i)\bso (?:that )?(?:i|we|you) can\b[^.?!;,]{0,30}(?=[.;,])",
        lambda m: " " * len(m.group(0)),
        spec_text,
    )
    cond_text = _CONDITION.sub(lambda m: " " * len(m.group(0)), spec_text)
    specs, phrases = _match_specs(cond_text)
    if not specs:
        specs, phrases = _match_specs(spec_text)
    if len(specs) >= 2 and (
        (_COMPARE_CUES.search(text) and re.search(r"\d\s*V\s+rail\b", text))
        or re.search(r"(?i)\b(?:for|on|of)\s+(?:the|our|a|my)\s+(?:[\w-]+\s+)?rail\b", text)
        # "AMS1117-3.3 off the USB 5 V rail. What dropout does it guarantee?": the rail told
        # before a closing question about another figure
        or (closing is not None and "rail" not in closing.lower())
        # "LM7805 on a 12 V rail that wanders 8-12 V: line regulation?": the rail is the
        # condition a regulation figure is printed for
        or any(c[0] in ("line_regulation", "load_regulation", "ripple_rejection") for c in specs)
    ):
        # "Stepping a 5 V rail down for a 1 A load: which has the lower dropout?", "Design
        # review for the sensor rail: …": the rail is where the part is used, not a figure.
        kept = [k for k, phrase in enumerate(phrases) if phrase != "rail"]
        specs, phrases = [specs[k] for k in kept], [phrases[k] for k in kept]
    if (
        len(specs) >= 2
        and closing is not None
        and re.match(r"(?i)\s*how long\b", closing)
        and any("s" in spec_dimensions(c[0]) for c in specs)
    ):
        # "Scope on VOUT at power-up. How long should the output take to ramp from 0 to 5 V?":
        # a closing "how long" asks a time, not the output voltage the context names
        kept = [k for k, c in enumerate(specs) if "s" in spec_dimensions(c[0])]
        specs, phrases = [specs[k] for k in kept], [phrases[k] for k in kept]
    if len(specs) >= 2:
        # "LM7805 loaded 5 mA to 1 A, input 7 to 20 V ... Output voltage limits?": a figure
        # named with its value stated is a condition, when another figure is asked
        told = [
            k
            for k, phrase in enumerate(phrases)
            if re.search(
                rf"(?i)\b{re.escape(phrase)}\s*(?:of|at|=|:|from)?\s*[-+]?\d+(?:\.\d+)?"
                r"\s*(?:-|–|to)\s*[-+]?\d+(?:\.\d+)?\s*[mµu]?[VA]\b",
                text,
            )
        ]
        if told and len(told) < len(specs):
            kept = [k for k in range(len(specs)) if k not in told]
            specs, phrases = [specs[k] for k in kept], [phrases[k] for k in kept]
    if len(specs) >= 2 and re.search(
        r"(?i)\b(?:on|along|over)\s+(?:a|an|the|one|our|my)\s+(?:[\w-]+\s+)?"
        r"(?:1-wire|one-wire|i2c|spi)\s+bus\b",
        text,
    ):
        # "30 DS18B20s on a 1-wire bus: max standby current each?": the bus is where the parts
        # sit, not a question about their interface
        kept = [k for k, c in enumerate(specs) if c[0] != "interface"]
        specs, phrases = [specs[k] for k in kept], [phrases[k] for k in kept]
    if len(specs) == 1 and specs[0][0] in RATING_OF and (said := _AND_THE_RATING.search(spec_text)):
        # "recommended VDD range and the abs max?": the rating of the figure named, an item
        # of its own
        specs, phrases = [*specs, (RATING_OF[specs[0][0]],)], [*phrases, said.group(1)]
    if (
        not specs
        and re.search(r"(?<![\w.])\d+(?:\.\d+)?\s*V\b", text)
        # "5 V logic", "a 3.3 V signal": a signal voltage is never read as a supply, unless the
        # part is powered from it ("power the RFM95W from the Arduino's 5 V pin").
        and (
            not _SIGNAL_VOLTS.search(text)
            # ("ds18b20 on the ESP32 board's 3.3 V pin": a board's pin a part is powered on)
            or rails
            # ("power a bare MPU-6050 chip (no regulator on the board) straight from the Uno's
            # 5 V pin", "run the ACS712 off the ESP32 board's 3.3 V pin")
            or re.search(
                r"(?i)\b(?:power(?:ed|ing)?|run(?:ning)?|suppl(?:y|ied)|feed|fed)\b[^.?]{0,70}"
                r"\b(?:from|off)\b",
                text,
            )
        )
        and not _ACCURACY_CUES.search(text)
        and len({d.device for d in devices}) == 1
    ):
        # "Can a BME280 be run at 5 V?": a stated voltage and nothing else asked is a question
        # about the supply voltage.
        specs, phrases = [("supply_voltage", "input_voltage_range")], ["supply voltage"]
    if (
        not specs
        and re.search(r"(?<![\w.])\d+(?:\.\d+)?\s*m?A\b", text)
        and re.search(
            r"(?i)\b(?:can|could|will|would)\b[^.?]*\b(?:drive|handle|deliver|source|sink)\b",
            text,
        )
        and len({d.device for d in devices}) == 1
    ):
        # "Can one bridge of an L298 drive a 3 A continuous load?": the current it may deliver
        specs, phrases = [("output_current",)], ["output current"]
    if (
        not specs
        # ("-20 C in winter", "about -25 deg")
        and re.search(
            r"(?<![\w.])[-+−]?\d+(?:\.\d+)?(?:\s*(?:°\s?C|℃|deg(?:rees)?(?:\s?C)?\b)|\s+C\b)",
            text,
            re.IGNORECASE,
        )
        and len({d.device for d in devices}) == 1
    ):
        # "Can I put a DS18B20 in dry ice (-78.5 °C)?": a stated temperature and nothing else
        # asked is a question about the operating temperature.
        specs, phrases = [("operating_temperature",)], ["operating temperature"]

    stated = _attach_supplies(text, devices, sensors)
    for owner, volts in rails:
        # The part powered from that rail is the one named before it.
        powered = [d for d in devices if d.end <= owner.start and d.supply_v is None]
        if powered:
            powered[-1].supply_v = volts
        owner.supply_v = owner.supply_v or volts
    revs: list[str] = []
    said: dict[str, list[int]] = {}
    for m in [*_REVISION.finditer(text), *_REVISION_BOARDS.finditer(text)]:
        for g in m.groups():
            if g:
                said.setdefault(g.upper(), []).append(m.start())
                if g.upper() not in revs:
                    revs.append(g.upper())
    asked_at = text.rfind(final_question(text) or "\0")
    if asked_at > 0 and any(p >= asked_at for ps in said.values() for p in ps):
        # "BOM rev B shows C1/C2 as 50 V parts. What rating on revision C?": a revision told
        # with its figure before the question is context, not a revision asked
        told = {
            r
            for r, ps in said.items()
            if all(
                p < asked_at and re.search(r"\d\s*[A-Za-zµΩ%]", re.split(r"[.;?]", text[p:])[0])
                for p in ps
            )
        }
        revs = [r for r in revs if r not in told]

    reading = None
    rm = _READING.search(text)
    if rm:
        if rm.group(1):
            reading = _quantity(rm.group(1), rm.group(2))
        else:
            reading = _quantity(rm.group(3), rm.group(4))
    if reading is None and (qm := QUERY_RETURNS.search(text)):
        # "MEAS:CURR? returns 0.2270": an instrument's reply, in the unit its query measures
        query, number, unit = (
            (qm.group(1), qm.group(2), qm.group(3))
            if qm.group(1)
            else (qm.group(6), qm.group(4), qm.group(5))
        )
        reading = _quantity(number, unit or _QUERY_UNIT[query.upper()])
    if reading is None:
        # "at 2 A", "a 50 mV signal": the first quantity that is not a range is the reading,
        # of the quantity the question asks where it names one ("~2 A load. How far can the
        # actual resistance be from 10 Ω?")
        found = [
            _quantity(fm.group(1), fm.group(2))
            for fm in re.finditer(
                r"(?<![\w.])([-+]?\d+(?:\.\d+)?)\s*(mV|V|kV|uV|µV|mA|A|ohm|Ω|kohm|kΩ)\b"
                r"(?!\s*range)",
                text,
            )
            if not re.search(
                r"\b(?:on|the|its)\s+(?:the\s+)?$", text[max(0, fm.start() - 8) : fm.start()]
            )
            or re.match(r"\s*(?:point|set ?point)\b", text[fm.end() :])  # "the 3.000 A point"
        ]
        asked_base = next(
            (b for w, b in _READING_OF.items() if re.search(rf"(?i)\b{w}\b", text)), None
        )
        of_asked = [q for q in found if _reading_base(q) == asked_base]
        reading = (of_asked or found or [None])[0]
    ranges = list(
        dict.fromkeys(
            _quantity(gm.group(1), gm.group(2))
            if gm.group(1)
            else _quantity(gm.group(3), gm.group(4))
            for gm in _RANGE.finditer(text)
        )
    )
    inst_range = ranges[0] if ranges else None
    interval = _interval(text)
    intervals = [i for m in _INTERVAL.finditer(text) if (i := _interval(m.group(0)))]
    intervals = list(dict.fromkeys([interval, *intervals])) if interval else []
    accuracy = bool(
        (_ACCURACY_CUES.search(text) or any("accuracy" in c for c in specs))
        and (reading is not None or inst_range is not None)
    )

    bound: Bound | None = None
    # "absolute maximum" names a rating, not the bound wanted.
    bound_text = re.sub(r"(?i)\babsolute[- ]max(?:imum)?|\babs\.? max\b", " ", spec_text)
    # "on a nominal 12 V rail", "3.7 V nominal": a stated value described, not a bound asked
    bound_text = re.sub(
        r"(?i)\bnominal(?:ly)?\s+(?=[-+]?\d)|(?<=\d V)\s+nominal\b", " ", bound_text
    )
    # "worst case number, not typ": the bound ruled out is not the one asked
    bound_text = re.sub(
        r"(?i)\b(?:not|rather than|instead of)\s+(?:the\s+)?typ(?:ical)?\b", " ", bound_text
    )
    if re.search(
        # ("min typ max?": the columns named one after another)
        r"(?i)\b(?:min(?:imum)?|typ(?:ical)?)\s*(?:and|&|/|,|-|–|to|\+|\s)\s*(?:max|typ|worst)"
        r"|\b(?:max(?:imum)?|worst[- ]case)\s*(?:and|&|/|,|-|–|to|\+)\s*(?:min|typ)"
        r"|\b(?:lower|upper)\s*(?:and|&|/|,|-|–)\s*(?:lower|upper)\b"
        # "typical operating supply current, and the max over temperature"
        r"|\btyp(?:ical)?\b[\w\s-]{1,40},?\s(?:and|&|vs\.?|versus)\s+(?:the\s+|its\s+)?"
        r"(?:max(?:imum)?|min(?:imum)?|worst)\b",
        bound_text,
    ):
        bound = None  # "min and max", "minimum and typical": more than one bound
    elif _BOUND_MAX.search(bound_text):
        bound = "max"
    elif _BOUND_MIN.search(bound_text):
        bound = "min"
    elif _BOUND_TYP.search(bound_text):
        bound = "typ"
    elif re.search(r"(?i)\bguarantee[sd]? to (?:source|sink|deliver|provide)\b", bound_text):
        bound = "min"  # what an output is guaranteed to deliver: the least it will
    # ("what dropout does AMS guarantee": a guaranteed figure of one that is worse high is
    # its maximum, as a worst case is)
    elif (
        re.search(
            r"(?i)\bworst[- ]case\b|\b(?:at|in the) worst\b|\bguarantee[sd]?\b"
            r"|\bthe most (?:it|they|each|one|the \w+)(?: should| can| could| will| would| may)?"
            r"(?: still| ever| possibly)? (?:pulls?|draws?|uses?|takes?|eats?|needs?|consumes?)\b"
            # "what's the most standby current Maxim allows"
            r"|\bthe most [\w\s-]{0,30}?\b(?:current|draw|time|wait|delay|dropout)\b",
            bound_text,
        )
        # "what's the spec limit (not typical)?": the limit, which for these is the maximum
        or re.search(r"(?i)\b(?:not|rather than|instead of)\s+(?:the\s+)?typ(?:ical)?\b", spec_text)
    ) and (
        (
            specs
            and all(spec_dimensions(c[0]) & {"A", "s", "W"} or c[0] in _WORSE_HIGH for c in specs)
        )
        # no spec word known, but a time asked ("worst-case EEPROM write cycle time")
        or (
            not specs
            and re.search(r"(?i)\b(?:time|current|draw|consumption|wait|delay)\b", bound_text)
        )
        # "how long until it answers on I2C? worst case": a time, whatever else is named
        or re.search(r"(?i)\bhow long\b|\b(?:worst[- ]case|longest) (?:wait|delay)\b", bound_text)
    ):
        bound = "max"  # the worst case of a current, a time or a power is its maximum
    if specs == [("minimum_load",)] and bound in (None, "min"):
        # the least load a regulator needs ("minimum load current") is a requirement every
        # part must be given: the highest figure printed is the one that guarantees regulation
        bound = "max"

    quantity = None
    # the quantity the closing question names ("... like the gyro. What's the highest
    # accelerometer rate?"); one that names two (gyro versus accelerometer) scopes neither
    asked = final_question(spec_text) or spec_text
    named = [name for name, pat in _QUANTITIES.items() if re.search(pat, asked, re.IGNORECASE)]
    if named and not re.search(
        r"\b(?:operating|storage|ambient|junction) temperature|temperature range", spec_text, re.I
    ):
        quantity = named[0] if len(named) == 1 else None

    names = []
    for d in devices:
        key = (d.device, d.variant)
        if key not in names:
            names.append(key)
    distinct_devices = {d.device for d in devices}
    several = (
        len(distinct_devices) >= 2
        or len(names) >= 2
        or any(
            re.search(
                r"\b(?:two|three|four|five|six|seven|eight|[2-9]\s*[x×]?|multiple|several|a pair of"
                r"|a second|another|a third)"
                r"\s*(?:\w+\s+)?$",
                text[max(0, d.start - 20) : d.start],
                re.IGNORECASE,
            )
            for d in devices
        )
    )
    # A part we hold nothing on still counts as a party to the question ("Can the XYZ-1 power
    # the BME280?"): the answer must say it lacks evidence for it, not check the BME280 alone.
    # (not one named only to be told apart: "tell it apart from a bmp280", "instead of an X")
    unknown = [
        u
        for u in _unknown_parts("".join(masked))
        if not re.search(
            r"(?i)\b(?:apart from|instead of|rather than|unlike|distinguish(?:ed)?(?: it)? from"
            r"|confused? (?:it )?with|mistaken for"
            # "ported my bmp280 code to a bme280": the part left behind
            r"|(?:port|migrat|mov|switch|upgrad)\w*(?:\s+(?:my|our|the|from))?)"
            rf"\s+(?:an?\s+|the\s+)?{re.escape(u)}\b",
            text,
        )
    ]
    if not unknown and len(devices) == 1 and all(c == ("interface",) for c in specs):
        # "Can an SRB-5030 power a Raspberry Pi 4?": the other party is a product by name
        # (capitalised words, often a model number) that no datasheet here describes; "hook an
        # RFM95W to a Raspberry Pi Pico's SPI pins" names the bus it is wired on, no spec asked.
        om = _OTHER_PARTY.search("".join(masked))
        if om:
            # ("an Arduino Uno I2C bus": the bus is no part of the product's name)
            words = om.group(1).split()
            while len(words) > 1 and (
                _BUS_WORD.fullmatch(words[-1]) or words[-1].upper() in ("SPI", "UART", "USB")
            ):
                words.pop()
            unknown = [" ".join(words)]
    if not unknown and devices:
        # "Raspberry Pi 4 GPIO driving the TB6612FNG inputs": a product named by its pins
        pm = _PRODUCT_PINS.search("".join(masked))
        if pm and not _NOT_PRODUCT.fullmatch(pm.group(1).split()[0]):
            unknown = [pm.group(1)]
    if not unknown and devices:
        party = _undocumented_party(text, devices)
        if party:
            unknown = [party]
    if not unknown and devices:
        # "some generic 'relay driver transistor module'": a part named only by a description,
        # in quotes, between the parts of ours
        qm = _QUOTED_PART.search(text)
        if qm:
            unknown = [qm.group(1).strip()]
    said_current = re.search(r"\d\s*m?A\b(?!\s*(?:version|part|variant|model))", text)
    asks_figure = re.search(
        r"(?i)\b(?:what|which|how (?:much|many|high|low|far|long|fast)|max(?:imum)?|min(?:imum)?"
        r"|highest|lowest|fastest|slowest|largest|smallest)\b",
        text,
    )
    if not unknown and len(devices) == 1 and not said_current and not asks_figure:
        # "can it drive the 24V solenoid valve", "run a small pump?": a load named by its kind,
        # with no current said, is a party whose ratings no document here gives (a figure
        # asked "to drive a motor" is the part's own)
        lm = _GENERIC_LOAD.search(text)
        if lm and not any(d.start < lm.end() and lm.start() < d.end for d in devices):
            unknown = [lm.group(1)]
    several = several or bool(devices and unknown)
    # "6x YF-S201 all powered from one 5 V supply. Max current each one draws?": copies of one
    # part and a closing question for a figure of it ask the figure, not a check
    figure_of_copies = (
        len(distinct_devices) == 1
        and not unknown
        and closing is not None
        and not _COMPAT_CUES.search(closing)
    )
    # "ESP32 board uses an AMS1117-3.3. At the full 1 A load, what's the guaranteed maximum
    # dropout voltage?": a closing question for a figure it names, with no check in it, asks
    # the figure; the other part is what it is used with
    figure_last = (
        closing is not None
        and not _COMPAT_CUES.search(closing)
        and re.search(r"(?i)\b(?:what|which|how (?:much|many))\b", closing)
        and any(p.lower() in closing.lower() for p in phrases)
    )
    route: RouteName
    if (
        _COMPAT_CUES.search(text)
        and several
        and not accuracy
        and not figure_of_copies
        and not figure_last
    ):
        route = "compatibility"
    elif (
        len(distinct_devices) >= 2 and not specs and not accuracy and not _COMPARE_CUES.search(text)
    ):
        # Two parts named and no specification asked: the question is whether they go together.
        route = "compatibility"
    elif (
        len(distinct_devices) == 1
        and _COMPAT_CUES.search(text)
        and re.search(r"(?i)\b(?:spi|i2c)\b", text)
        and re.search(r"(?i)\d\s*[mk]Hz\b", text)
        and not asks_figure
        and not accuracy
    ):
        # "MCP3008 at 3.3 V clocked at 2 MHz SPI: guaranteed to work?": the part against the
        # bus clock stated, as a party to that bus
        route = "compatibility"
    elif (len(names) >= 2 or (devices and unknown)) and not accuracy:
        route = "comparison" if _COMPARE_CUES.search(text) or len(specs) <= 1 else "structured"
    elif len(specs) >= 2:
        route = "structured"
    else:
        route = "simple"
    numbers = [float(x) for x in re.findall(r"(?<![\w.§])[-+]?\d+(?:\.\d+)?", "".join(masked))]
    # "Would it survive on the makeup line? What max water pressure does the sheet list?": the
    # figure asked last is the listed one, the survival only why it is asked
    asked_last = closing is not None and not _ABSMAX_VERB.search(closing)
    absmax = (
        bool(_ABSMAX.search(text))
        or bool(
            _ABSMAX_VERB.search(text)
            and not re.search(r"\boperating\b", text, re.I)
            and not asked_last
        )
    ) and not _ABSMAX_PREMISE.search(text)
    return ParsedQuestion(
        stated_numbers=numbers,
        text=text,
        route=route,
        devices=devices,
        specs=specs,
        spec_phrases=phrases,
        bound=bound,
        operating=bool(_OPERATING.search(text)) and not absmax,
        absolute_max=absmax,
        revisions=tuple(revs),
        accuracy=accuracy,
        reading=reading,
        ranges=ranges,
        intervals=intervals,
        stated_voltages=stated,
        quantity=quantity,
        original=original,
        unknown_parts=unknown,
    )

"""Words of `text.name_parts`: what a part of a stored name may leave out or may not be on its own
(tiers, kinds), the kinds a company is named by, and the makers of many kinds of things."""

from __future__ import annotations

from festinger.core.contradiction.lexicon.nouns import MODEL_LINE_WORDS
from festinger.core.contradiction.lexicon.tech import EMPLOYER_BRANDS

# Tiers and editions: a plan or a model of the thing, never the thing ("the Pro", "Standard").
NAME_TIERS = frozenset(
    """standard premium basic plus pro max ultra lite mini family individual student duo essential essentials
    deluxe classic original advanced starter unlimited annual monthly yearly free trial edition gen generation
    se xl xs new old s""".split()) | MODEL_LINE_WORDS
# Kind nouns: what a thing is, which a brand puts after its name for a product of that kind ("Apple
# Music", "Google Docs", "Pixel Watch"). Said alone they name no one thing; after a brand they make the
# brand alone another thing (the company, another line).
NAME_KINDS = frozenset(
    """plan subscription membership account app apps service hotel motel inn hostel gym studio club bank card
    phone phones watch music tv video videos docs doc drive maps mail pay cloud photos news books arcade fitness
    home store play search chat meet calendar keep sheets slides office teams one air buds pods pencil tablet
    laptop desktop book pad speaker speakers headphones earbuds router mesh bike car truck van scooter
    restaurant cafe café bar pub shop school college university academy clinic hospital practice insurance
    health energy mobile broadband internet fibre fiber wifi tablets tablet detergent capsules pods
    system systems platform server servers database db cli api web online kids code studio cam
    camera doorbell thermostat display hub""".split())
# Kinds a company is named by ("Starling Bank", "Octopus Energy", "Planet Fitness"): the name before
# them is the company's own, so said alone it is the same company (never a product line of a brand).
ORG_KINDS = frozenset("""bank hotel motel inn hostel gym club insurance energy health fitness restaurant cafe café
    bar pub shop school college university academy clinic hospital practice broadband""".split())
# Makers of many things (a maker's name alone may be another product of theirs: "sold the Canon and
# bought an Epson" was a printer, "got rid of the Dyson" a fan, "got rid of Google" its services): a
# maker names the stored thing alone only over a tier or a kind ("Spotify Premium", "Netflix plan").
MULTI_MAKERS = EMPLOYER_BRANDS | frozenset(
    """samsung sony lg huawei xiaomi lenovo dell hp asus acer motorola oneplus canon nikon fujifilm panasonic
    olympus dyson bosch siemens miele garmin bose logitech jbl epson brother philips sharp toshiba anker
    netgear belkin sennheiser beats shark ninja breville delonghi kitchenaid sonos roku nintendo razer corsair
    msi casio seiko yamaha kawasaki mitsubishi virgin sky bt vodafone o2 ee""".split())

"""Countries, cities and their containment."""

from __future__ import annotations

# Country (or constituent country) -> containing country ("" for a sovereign state).
COUNTRIES: dict[str, str] = {
    "germany": "", "france": "", "united kingdom": "", "spain": "", "portugal": "", "italy": "",
    "netherlands": "", "belgium": "", "switzerland": "", "austria": "", "poland": "", "czechia": "",
    "sweden": "", "norway": "", "denmark": "", "finland": "", "ireland": "", "iceland": "",
    "greece": "", "turkey": "", "russia": "", "ukraine": "", "romania": "", "hungary": "",
    "bulgaria": "", "croatia": "", "serbia": "", "united states": "", "canada": "", "mexico": "",
    "brazil": "", "argentina": "", "chile": "", "colombia": "", "peru": "", "japan": "", "china": "",
    "india": "", "south korea": "", "vietnam": "", "thailand": "", "indonesia": "", "philippines": "",
    "malaysia": "", "singapore": "", "pakistan": "", "bangladesh": "", "israel": "", "egypt": "",
    "nigeria": "", "kenya": "", "south africa": "", "morocco": "", "ethiopia": "", "ghana": "",
    "australia": "", "new zealand": "", "saudi arabia": "", "united arab emirates": "", "qatar": "",
    "estonia": "", "latvia": "", "lithuania": "", "slovenia": "", "slovakia": "", "taiwan": "",
    "england": "united kingdom", "scotland": "united kingdom", "wales": "united kingdom",
}
COUNTRY_ALIASES: dict[str, str] = {
    "usa": "united states", "us": "united states", "u.s.": "united states", "u.s.a.": "united states",
    "united states of america": "united states", "america": "united states", "the us": "united states",
    "uk": "united kingdom", "u.k.": "united kingdom", "great britain": "united kingdom",
    "britain": "united kingdom", "holland": "netherlands", "the netherlands": "netherlands",
    "czech republic": "czechia", "türkiye": "turkey", "korea": "south korea", "uae": "united arab emirates",
    "the united states": "united states", "the united kingdom": "united kingdom", "the uk": "united kingdom",
    "deutschland": "germany",
}
# City -> country. Only cities whose everyday reading is unambiguous; a district or borough is
# only ever listed under its city (`DISTRICTS` below), never as a place of a country, since a
# district listed on its own would look like a place other than the city around it.
CITIES: dict[str, str] = {}
for _country, _cities in (
    ("germany", "berlin munich hamburg frankfurt cologne stuttgart dusseldorf düsseldorf leipzig dresden "
                "hanover hannover nuremberg bremen potsdam bonn essen dortmund heidelberg karlsruhe "
                "mannheim freiburg"),
    ("france", "paris lyon marseille toulouse nice bordeaux lille nantes strasbourg"),
    ("england", "london manchester bristol leeds liverpool"),
    ("scotland", "edinburgh glasgow"),
    ("spain", "madrid barcelona seville bilbao malaga"),
    ("portugal", "lisbon porto"),
    ("italy", "rome milan turin venice bologna"),
    ("netherlands", "amsterdam rotterdam utrecht eindhoven"),
    ("belgium", "brussels antwerp ghent"),
    ("switzerland", "zurich zürich geneva basel bern lausanne"),
    ("austria", "vienna salzburg graz"),
    ("poland", "warsaw krakow kraków wroclaw gdansk"),
    ("czechia", "prague brno"),
    ("sweden", "stockholm gothenburg"),
    ("norway", "oslo bergen"),
    ("denmark", "copenhagen aarhus"),
    ("finland", "helsinki"),
    ("ireland", "dublin"),
    ("iceland", "reykjavik"),
    ("greece", "athens thessaloniki"),
    ("turkey", "istanbul ankara"),
    ("russia", "moscow"),
    ("ukraine", "kyiv kiev lviv"),
    ("hungary", "budapest"),
    ("romania", "bucharest"),
    ("united states", "seattle chicago boston austin denver miami atlanta dallas houston phoenix "
                      "philadelphia portland detroit minneapolis pittsburgh nashville"),
    ("canada", "toronto vancouver montreal ottawa calgary"),
    ("japan", "tokyo osaka kyoto"),
    ("china", "beijing shanghai shenzhen"),
    ("india", "mumbai delhi bangalore bengaluru chennai hyderabad pune"),
    ("south korea", "seoul busan"),
    ("australia", "sydney melbourne brisbane"),
    ("new zealand", "auckland wellington"),
    ("brazil", "rio"),
    ("chile", "santiago"),
    ("colombia", "bogota bogotá medellin"),
    ("peru", "lima"),
    ("egypt", "cairo"),
    ("nigeria", "lagos"),
    ("kenya", "nairobi"),
    ("south africa", "johannesburg"),
    ("united arab emirates", "dubai"),
    ("thailand", "bangkok"),
    ("indonesia", "jakarta"),
    ("philippines", "manila"),
    ("vietnam", "hanoi"),
    ("taiwan", "taipei"),
    ("estonia", "tallinn"),
    ("latvia", "riga"),
    ("lithuania", "vilnius"),
):
    for _c in _cities.split():
        CITIES[_c] = _country
# More large cities, each its own municipality that nobody calls a part of a bigger one (no
# suburbs or satellite cities such as Santa Monica, Jersey City, Cambridge MA, Fort Worth, San Jose,
# Yokohama or Espoo, no boroughs such as Brooklyn, and no namesake of one: Richmond is also a
# London borough).
for _country, _cities in (
    ("germany", "augsburg wiesbaden mainz kiel rostock lübeck lubeck münster munster aachen bochum "
                "wuppertal bielefeld regensburg würzburg wurzburg ulm erfurt jena magdeburg"),
    ("france", "rennes montpellier grenoble dijon reims toulon angers"),
    ("england", "birmingham sheffield newcastle nottingham leicester brighton oxford york bath "
                "southampton plymouth coventry norwich exeter"),
    ("scotland", "aberdeen dundee inverness perth"),
    ("wales", "cardiff swansea"),
    ("spain", "valencia zaragoza granada alicante cordoba córdoba valladolid palma"),
    ("portugal", "braga coimbra faro"),
    ("italy", "naples florence genoa palermo verona bari trieste padua pisa"),
    ("netherlands", "groningen leiden delft maastricht haarlem"),
    ("belgium", "leuven bruges liège liege"),
    ("switzerland", "lucerne lugano"),
    ("austria", "innsbruck linz"),
    ("poland", "poznan poznań lodz łódź katowice lublin"),
    ("sweden", "malmo malmö uppsala"),
    ("norway", "trondheim stavanger"),
    ("denmark", "odense"),
    ("finland", "tampere turku"),
    ("ireland", "cork galway limerick"),
    ("russia", "novosibirsk kazan"),
    ("serbia", "belgrade"),
    ("croatia", "zagreb split"),
    ("bulgaria", "sofia"),
    ("slovenia", "ljubljana"),
    ("slovakia", "bratislava"),
    ("united states", "milwaukee sacramento baltimore cleveland cincinnati columbus indianapolis charlotte "
                      "raleigh orlando tampa honolulu anchorage albuquerque tucson omaha memphis louisville "
                      "buffalo rochester madison boise spokane"),
    ("canada", "edmonton winnipeg halifax quebec"),
    ("mexico", "guadalajara monterrey puebla tijuana cancun cancún oaxaca"),
    ("japan", "fukuoka sapporo nagoya kobe hiroshima sendai"),
    ("china", "guangzhou chengdu hangzhou wuhan xian nanjing"),
    ("india", "kolkata ahmedabad jaipur kochi"),
    ("south korea", "daegu"),
    ("australia", "adelaide canberra hobart darwin"),
    ("new zealand", "christchurch"),
    ("brazil", "brasilia brasília salvador recife"),
    ("argentina", "cordoba rosario mendoza"),
    ("vietnam", "saigon"),
    ("pakistan", "karachi lahore islamabad"),
    ("bangladesh", "dhaka"),
    ("israel", "jerusalem haifa"),
    ("morocco", "casablanca marrakesh rabat"),
    ("ethiopia", "addis"),
    ("ghana", "accra"),
    ("saudi arabia", "riyadh jeddah"),
    ("qatar", "doha"),
):
    for _c in _cities.split():
        CITIES.setdefault(_c, _country)
CITIES.update({
    "new york": "united states", "new york city": "united states", "nyc": "united states",
    "san francisco": "united states", "los angeles": "united states", "san diego": "united states",
    "las vegas": "united states", "the hague": "netherlands", "new delhi": "india",
    "sao paulo": "brazil", "são paulo": "brazil", "rio de janeiro": "brazil", "buenos aires": "argentina",
    "mexico city": "mexico", "cape town": "south africa", "tel aviv": "israel", "abu dhabi": "united arab emirates",
    "kuala lumpur": "malaysia", "ho chi minh city": "vietnam", "saint petersburg": "russia",
    "st. petersburg": "russia",
    "salt lake city": "united states", "new orleans": "united states", "kansas city": "united states",
    "el paso": "united states",
    "oklahoma city": "united states", "gold coast": "australia", "quebec city": "canada",
    "addis ababa": "ethiopia", "hong kong": "china", "ciudad de mexico": "mexico",
})
# More cities whose everyday reading is the city (no famous namesake abroad, and not a common word
# as well: no "Providence", "Savannah", "Boulder" or "Charleston").
for _city in ("oakland", "jersey city", "hoboken", "berkeley", "palo alto", "mountain view", "sunnyvale",
              "santa monica", "long beach", "fort worth", "san antonio", "ann arbor", "st. louis",
              "saint louis", "tallahassee", "hartford", "des moines"):
    CITIES[_city] = "united states"
# District or borough -> its city, so "Brooklyn" is inside New York (compatible with it) and
# elsewhere than Jersey City. Only names whose everyday reading is the district: no "Soho" (London
# and New York), "Chelsea", "Greenwich", "Mitte" or "Wedding". Each district is written with the
# boroughs it lies in ("park slope:brooklyn"; one straddling two has both, "clapham:lambeth+wandsworth");
# a borough is written alone. The boroughs of one city do not overlap, so two districts of one city
# are two places only when neither contains the other and they share no borough (`DISTRICT_BOROUGHS`).
DISTRICTS: dict[str, str] = {}
# District -> the boroughs it lies in; a borough lies in itself.
DISTRICT_BOROUGHS: dict[str, frozenset[str]] = {}
for _city, _districts in (
    ("new york", "brooklyn|manhattan|queens|the bronx:bronx|bronx|staten island|harlem:manhattan|"
                 "bushwick:brooklyn|park slope:brooklyn|upper west side:manhattan|upper east side:manhattan"),
    ("london", "camden|hackney|islington|shoreditch:hackney+tower hamlets|king's cross:camden+islington|"
               "kings cross:camden+islington|brixton:lambeth|peckham:southwark|clerkenwell:islington|"
               "canary wharf:tower hamlets|notting hill:kensington and chelsea|kensington:kensington and chelsea|"
               "mayfair:westminster|whitechapel:tower hamlets|wimbledon:merton|dalston:hackney|"
               "fitzrovia:camden+westminster|marylebone:westminster|bermondsey:southwark|battersea:wandsworth|"
               "clapham:lambeth+wandsworth|covent garden:westminster+camden|hampstead:camden"),
    ("berlin", "kreuzberg:friedrichshain-kreuzberg|neukölln:neukolln|neukolln|prenzlauer berg:pankow|"
               "friedrichshain:friedrichshain-kreuzberg|charlottenburg:charlottenburg-wilmersdorf|"
               "schöneberg:tempelhof-schoneberg|schoneberg:tempelhof-schoneberg"),
    ("paris", "montmartre:18e|le marais:3e+4e"),
):
    for _entry in _districts.split("|"):
        _district, _, _boroughs = _entry.partition(":")
        DISTRICTS[_district] = _city
        DISTRICT_BOROUGHS[_district] = frozenset(_boroughs.split("+")) if _boroughs else frozenset({_district})
CITIES.update(DISTRICTS)
# Canonical spelling of city aliases (so "NYC" and "New York City" are one place).
CITY_ALIASES: dict[str, str] = {
    "nyc": "new york", "new york city": "new york", "düsseldorf": "dusseldorf", "hannover": "hanover",
    "saigon": "ho chi minh city", "zürich": "zurich", "kraków": "krakow", "kiev": "kyiv", "bengaluru": "bangalore", "new delhi": "delhi",
    "são paulo": "sao paulo", "rio de janeiro": "rio", "bogotá": "bogota", "st. petersburg": "saint petersburg",
    "the bronx": "bronx", "king's cross": "kings cross",
}
# Cities with a well-known namesake in another country: never compared against a country.
AMBIGUOUS_CITIES = frozenset(
    "vancouver dublin paris london birmingham perth santiago portland cambridge york valencia cordoba córdoba "
    "hyderabad "
    "richmond rochester columbus madison salvador split sofia kansas halifax newcastle naples bath florence athens "
    "aberdeen manchester kochi guadalajara plymouth sydney bergen victoria hamilton kingston san jose "
    "cordova toledo alexandria memphis athens lima santiago valencia tripoli".split()) | {
    "saint petersburg", "st. petersburg"}
# States and provinces, only read as the region after a comma ("Portland, Oregon", "London, ON"),
# never as a place of their own ("Georgia" is also a country, "Washington" a city). Each maps to
# its country; a postal code maps to its name (lowercase).
REGIONS: dict[str, str] = {}
for _country, _regions in (
    ("united states", "alabama alaska arizona arkansas california colorado connecticut delaware florida georgia "
                      "hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts "
                      "michigan minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon "
                      "pennsylvania tennessee texas utah vermont virginia washington wisconsin wyoming"),
    ("canada", "alberta manitoba ontario quebec saskatchewan yukon"),
    ("australia", "queensland victoria tasmania"),
):
    for _r in _regions.split():
        REGIONS[_r] = _country
REGIONS.update({r: "united states" for r in (
    "new hampshire", "new jersey", "new mexico", "new york state", "north carolina", "north dakota",
    "rhode island", "south carolina", "south dakota", "west virginia")})
REGIONS.update({r: "canada" for r in ("british columbia", "new brunswick", "nova scotia", "prince edward island",
                                      "newfoundland and labrador", "northwest territories")})
REGIONS.update({"new south wales": "australia", "western australia": "australia", "south australia": "australia"})
REGION_ALIASES: dict[str, str] = dict(zip(  # the postal code of each region, in order
    "al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm nc nd oh "
    "ok or pa ri sc sd tn tx ut vt va wa wv wi wy ab bc mb nb ns on pe qc sk nsw qld vic tas".split(),
    "alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho "
    "illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi "
    "missouri montana nebraska nevada new_hampshire new_jersey new_mexico north_carolina north_dakota ohio "
    "oklahoma oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas utah vermont virginia "
    "washington west_virginia wisconsin wyoming alberta british_columbia manitoba new_brunswick nova_scotia "
    "ontario prince_edward_island quebec saskatchewan new_south_wales queensland victoria tasmania".split()))
REGION_ALIASES = {code: name.replace("_", " ") for code, name in REGION_ALIASES.items()}
REGION_ALIASES["ny"] = "new york state"  # not among the codes above: "NY" is also the city
# The region (state) of a city that has districts, where the lexicon lists one.
CITY_REGIONS: dict[str, str] = {"new york": "new york state"}
# A city named like the region around it ("Quebec", "New York", "Valencia") and the listed cities
# inside that region: "I live in Quebec" / "I live in Montreal" may name one home (the province and
# a city in it), so the two are never two places. Any other listed city of the country still is.
REGION_NAMESAKE_CITIES: dict[str, frozenset[str]] = {k: frozenset(v.split(",")) for k, v in {
    "quebec": "montreal,quebec city", "new york": "buffalo,rochester", "valencia": "alicante",
}.items()}

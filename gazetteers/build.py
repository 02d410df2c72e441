#!/usr/bin/env python3
"""Builds the default gazetteers in gazetteers/ from the football facts in ../shared/facts.

Only facts (names, clubs, nationalities, positions, birth dates, roles) are taken. The Norwegian
names of national teams and the short names Norwegian papers use for clubs are ours, written here.
Run from the repository root: python3 gazetteers/build.py [FACTS_DIR]
"""
import csv
import re
from datetime import date
import tarfile
import sys
import unicodedata
from pathlib import Path

FACTS = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/facts")
OUT = Path("gazetteers")

# English name in the facts -> (Norwegian name, adjective, demonym, extra aliases).
NATIONS = {
    "England": ("England", "engelsk", "engelskmann", []),
    "Scotland": ("Skottland", "skotsk", "skotte", []),
    "Wales": ("Wales", "walisisk", "waliser", []),
    "Northern Ireland": ("Nord-Irland", "nordirsk", "nordire", []),
    "Ireland": ("Irland", "irsk", "ire", []),
    "Irland": ("Irland", "irsk", "ire", ["Ireland"]),
    "Norway": ("Norge", "norsk", "nordmann", ["Noreg"]),
    "Sweden": ("Sverige", "svensk", "svenske", []),
    "Denmark": ("Danmark", "dansk", "danske", []),
    "Finland": ("Finland", "finsk", "finne", []),
    "Iceland": ("Island", "islandsk", "islending", []),
    "Germany": ("Tyskland", "tysk", "tysker", []),
    "France": ("Frankrike", "fransk", "franskmann", []),
    "Spain": ("Spania", "spansk", "spanjol", []),
    "Portugal": ("Portugal", "portugisisk", "portugiser", []),
    "Italy": ("Italia", "italiensk", "italiener", []),
    "Netherlands": ("Nederland", "nederlandsk", "nederlender", ["Holland"]),
    "Belgium": ("Belgia", "belgisk", "belgier", []),
    "Switzerland": ("Sveits", "sveitsisk", "sveitser", []),
    "Austria": ("Østerrike", "østerriksk", "østerriker", []),
    "Greece": ("Hellas", "gresk", "greker", []),
    "Turkey": ("Tyrkia", "tyrkisk", "tyrker", []),
    "Russia": ("Russland", "russisk", "russer", []),
    "Ukraine": ("Ukraina", "ukrainsk", "ukrainer", []),
    "Poland": ("Polen", "polsk", "polakk", []),
    "Czech Republic": ("Tsjekkia", "tsjekkisk", "tsjekker", []),
    "Slovakia": ("Slovakia", "slovakisk", "slovak", []),
    "Slovenia": ("Slovenia", "slovensk", "sloven", []),
    "Croatia": ("Kroatia", "kroatisk", "kroat", []),
    "Serbia": ("Serbia", "serbisk", "serber", []),
    "Bosnia and Herzegovina": ("Bosnia-Hercegovina", "bosnisk", "bosnier", ["Bosnia", "Bosnia Hercegovina"]),
    "Montenegro": ("Montenegro", "montenegrinsk", "montenegriner", []),
    "Albania": ("Albania", "albansk", "albaner", []),
    "Romania": ("Romania", "rumensk", "rumener", []),
    "Bulgaria": ("Bulgaria", "bulgarsk", "bulgarer", []),
    "Hungary": ("Ungarn", "ungarsk", "ungarer", []),
    "Cyprus": ("Kypros", "kypriotisk", "kypriot", []),
    "Malta": ("Malta", "maltesisk", "malteser", []),
    "Azerbaijan": ("Aserbajdsjan", "aserbajdsjansk", "aserbajdsjaner", []),
    "Estonia": ("Estland", "estisk", "ester", []),
    "Latvia": ("Latvia", "latvisk", "latvier", []),
    "Lithuania": ("Litauen", "litauisk", "litauer", []),
    "Israel": ("Israel", "israelsk", "israeler", []),
    "Brazil": ("Brasil", "brasiliansk", "brasilianer", []),
    "Argentina": ("Argentina", "argentinsk", "argentiner", []),
    "Uruguay": ("Uruguay", "uruguayansk", "uruguayaner", []),
    "Chile": ("Chile", "chilensk", "chilener", []),
    "Colombia": ("Colombia", "colombiansk", "colombianer", []),
    "Ecuador": ("Ecuador", "ecuadoriansk", "ecuadorianer", []),
    "Paraguay": ("Paraguay", "paraguayansk", "paraguayaner", []),
    "Peru": ("Peru", "peruansk", "peruaner", []),
    "Bolivia": ("Bolivia", "boliviansk", "bolivianer", []),
    "Mexico": ("Mexico", "meksikansk", "meksikaner", ["Mexiko", "México"]),
    "United States": ("USA", "amerikansk", "amerikaner", ["United States"]),
    "Costa Rica": ("Costa Rica", "costaricansk", "costaricaner", []),
    "Honduras": ("Honduras", "honduransk", "honduraner", []),
    "Jamaica": ("Jamaica", "jamaicansk", "jamaicaner", []),
    "Trinidad and Tobago": ("Trinidad og Tobago", "trinidadisk", "trinidader", []),
    "Cameroon": ("Kamerun", "kamerunsk", "kameruner", []),
    "Nigeria": ("Nigeria", "nigeriansk", "nigerianer", []),
    "Ghana": ("Ghana", "ghanesisk", "ghaneser", []),
    "Côte d'Ivoire": ("Elfenbenskysten", "ivoriansk", "ivorianer", ["Ivory Coast", "Elfenbenkysten"]),
    "Senegal": ("Senegal", "senegalesisk", "senegaleser", []),
    "Algeria": ("Algerie", "algerisk", "algerier", []),
    "Morocco": ("Marokko", "marokkansk", "marokkaner", []),
    "Tunisia": ("Tunisia", "tunisisk", "tunisier", []),
    "Egypt": ("Egypt", "egyptisk", "egypter", []),
    "South Africa": ("Sør-Afrika", "sørafrikansk", "sørafrikaner", []),
    "Togo": ("Togo", "togolesisk", "togoleser", []),
    "Angola": ("Angola", "angolansk", "angolaner", []),
    "Mali": ("Mali", "malisk", "malier", []),
    "Japan": ("Japan", "japansk", "japaner", []),
    "South Korea": ("Sør-Korea", "sørkoreansk", "sørkoreaner", ["Korea Republic"]),
    "North Korea": ("Nord-Korea", "nordkoreansk", "nordkoreaner", ["Korea DPR"]),
    "Iran": ("Iran", "iransk", "iraner", []),
    "Saudi Arabia": ("Saudi-Arabia", "saudiarabisk", "saudiaraber", []),
    "Australia": ("Australia", "australsk", "australier", []),
    "New Zealand": ("New Zealand", "newzealandsk", "newzealender", []),
    "China": ("Kina", "kinesisk", "kineser", []),
    "Canada": ("Canada", "kanadisk", "kanadier", []),
    # The other names of the sample that Norwegian writes otherwise (Språkrådet's list of country
    # names, as papers write them).
    "Comoros": ("Komorene", "komorisk", "komorer", []),
    "Ethiopia": ("Etiopia", "etiopisk", "etiopier", []),
    "Madagascar": ("Madagaskar", "madagassisk", "madagasser", []),
    "Mozambique": ("Mosambik", "mosambikisk", "mosambiker", []),
    "Seychelles": ("Seychellene", "seychellisk", "seycheller", []),
    "Central African Republic": ("Den sentralafrikanske republikk", "sentralafrikansk", "sentralafrikaner",
                                 ["Den sentralafrikanske republikken", "Sentralafrikanske republikk"]),
    "Chad": ("Tsjad", "tsjadisk", "tsjader", []),
    # Both Congos are "kongolesisk": no adjective, which would not tell them apart.
    "Congo": ("Kongo", "", "", ["Kongo-Brazzaville", "Republikken Kongo"]),
    "Congo DR": ("DR Kongo", "", "", ["DR Congo", "Kongo-Kinshasa", "Den demokratiske republikken Kongo",
                                      "Den demokratiske republikk Kongo"]),
    "Equatorial Guinea": ("Ekvatorial-Guinea", "ekvatorialguineansk", "ekvatorialguineaner", []),
    "São Tomé and Príncipe": ("São Tomé og Príncipe", "", "", []),
    "South Sudan": ("Sør-Sudan", "sørsudansk", "sørsudaner", []),
    "Swaziland": ("Eswatini", "", "", []),
    "Cape Verde": ("Kapp Verde", "kappverdisk", "kappverdier", ["Cabo Verde"]),
    "Kazakhstan": ("Kasakhstan", "", "", []),
    "Kyrgyzstan": ("Kirgisistan", "", "", []),
    "Tajikistan": ("Tadsjikistan", "", "", []),
    "Uzbekistan": ("Usbekistan", "usbekisk", "usbeker", []),
    "Maldives": ("Maldivene", "maldivisk", "maldiver", []),
    "Philippines": ("Filippinene", "filippinsk", "filippiner", []),
    "Cambodia": ("Kambodsja", "kambodsjansk", "kambodsjaner", []),
    "East Timor": ("Øst-Timor", "", "", ["Timor-Leste"]),
    "Macau": ("Macau", "", "", ["Macao"]),
    "Dominican Republic": ("Den dominikanske republikk", "dominikansk", "dominikaner",
                           ["Den dominikanske republikken", "Dominikanske republikk"]),
    "Antigua and Barbuda": ("Antigua og Barbuda", "", "", []),
    "Saint Kitts and Nevis": ("Saint Kitts og Nevis", "", "", []),
    "Saint Vincent and the Grenadines": ("Saint Vincent og Grenadinene", "", "", []),
    "Panama": ("Panama", "panamansk", "panamaner", ["Panamá"]),
    "Belarus": ("Belarus", "", "", ["Hviterussland"]),
    "Macedonia": ("Nord-Makedonia", "", "", ["North Macedonia", "Makedonia"]),
    "Vatican City": ("Vatikanstaten", "", "", []),
    "United Arab Emirates": ("De forente arabiske emirater", "", "",
                             ["De arabiske emirater", "Emiratene", "UAE"]),
    "Yemen": ("Jemen", "jemenittisk", "jemenitt", []),
    "Iraq": ("Irak", "irakisk", "iraker", []),
    "Lebanon": ("Libanon", "libanesisk", "libaneser", []),
    "Palestine": ("Palestina", "palestinsk", "palestiner", []),
    "Papua New Guinea": ("Papua Ny-Guinea", "", "", []),
    "Solomon Islands": ("Salomonøyene", "", "", []),
    "Micronesia": ("Mikronesia", "", "", ["Mikronesiaføderasjonen"]),
    "Marshall Islands": ("Marshalløyene", "", "", []),
    "Suriname": ("Surinam", "surinamsk", "surinamer", []),
    "United States Virgin Islands": ("De amerikanske Jomfruøyene", "", "", ["Amerikanske Jomfruøyer"]),
    "Saint Martin (French)": ("Saint-Martin", "", "", []),
    "Cayman Islands": ("Caymanøyene", "", "", []),
    "Turks and Caicos Islands": ("Turks- og Caicosøyene", "", "", []),
    "British Virgin Islands": ("De britiske Jomfruøyene", "", "", ["Britiske Jomfruøyer"]),
    "Faroe Islands": ("Færøyene", "færøysk", "færøying", []),
    "Åland Islands": ("Åland", "ålandsk", "ålending", []),
    "Greenland": ("Grønland", "grønlandsk", "grønlender", []),
    "Saint Pierre and Miquelon": ("Saint-Pierre og Miquelon", "", "", []),
    "New Caledonia": ("Ny-Caledonia", "", "", ["Nouvelle-Calédonie"]),
    "Wallis and Futuna": ("Wallis og Futuna", "", "", []),
    "American Samoa": ("Amerikansk Samoa", "", "", []),
    "Northern Mariana Islands": ("Nord-Marianene", "", "", []),
    "Cook Islands": ("Cookøyene", "", "", []),
    "French Guiana": ("Fransk Guyana", "", "", []),
    "Falkland Islands": ("Falklandsøyene", "", "", []),
    "Saint Helena": ("St. Helena", "", "", ["Sankt Helena"]),
    # A Uefa and Fifa member since 2016, not in the sample.
    "Kosovo": ("Kosovo", "kosovarsk", "kosovar", []),
}
# Codes of the nations the sample lacks.
NATION_CODES = {"Kosovo": "KVX"}
# Rows of the sample that have no football team of their own (uninhabited or without an association)
# or are no nation: not written.
NOT_NATIONAL_TEAMS = {"European Union", "Great Britain", "Cocos (Keeling) Islands", "Christmas Island",
                      "British Indian Ocean Territory", "Norfolk Island", "Pitcairn Islands",
                      "South Georgia and South Sandwich"}
# English names of the sample the facts elsewhere (and papers) write otherwise, and that are not
# Norwegian: kept as aliases of the row whatever its Norwegian name.
NATION_ENGLISH_ALIASES = {"Ireland": ["Republic of Ireland"], "Irland": ["Republic of Ireland"]}
# The sample writes some names "Local [English]" ("Panamá [Panama]"): the English name is the
# row's; the local one is an alias where NATIONS gives it (papers write "Panamá", not "Latvija").
LOCAL_AND_ENGLISH = re.compile(r"^(.*?)\s*\[([^\]]+)\]$")
# Other spellings of nations in the facts' country and nation columns.
NATION_SPELLINGS = {"USA": "United States", "Ivory Coast": "Côte d'Ivoire", "Korea Republic": "South Korea",
                    "Korea DPR": "North Korea", "Bosnia-Herzegovina": "Bosnia and Herzegovina",
                    # Transfermarkt, the World Cup database, the goals list and the game lists.
                    "Cote d'Ivoire": "Côte d'Ivoire", "Republic of Ireland": "Ireland", "DR Congo": "Congo DR",
                    "Korea, South": "South Korea", "Korea, North": "North Korea", "China PR": "China",
                    "North Macedonia": "Macedonia", "FYR Macedonia": "Macedonia", "Curacao": "Curaçao",
                    "The Gambia": "Gambia", "Bosnia Herzegovina": "Bosnia and Herzegovina",
                    "Guinea Bissau": "Guinea-Bissau", "Faroe Island": "Faroe Islands", "Türkiye": "Turkey"}

# Club full name in the facts -> the short names Norwegian papers use.
CLUB_SHORT = {
    "Manchester City FC": ["City", "Man City", "Manchester City"],
    "Manchester United FC": ["United", "Man United", "Man Utd", "Manchester United"],
    "Tottenham Hotspur FC": ["Spurs", "Tottenham"],
    "Arsenal FC": ["Arsenal"],
    "Chelsea FC": ["Chelsea"],
    "Liverpool FC": ["Liverpool"],
    "Newcastle United FC": ["Newcastle"],
    "Rosenborg BK": ["RBK", "Rosenborg"],
    "Lillestrøm SK": ["LSK"],
    "Vålerenga Fotball": ["VIF", "Vålerenga"],
    "Aalesunds FK": ["AaFK", "AAFK"],
    "Strømsgodset IF": ["Godset"],
    "SK Brann": ["Brann"],
    "Paris Saint-Germain": ["PSG"],
    "FC Barcelona": ["Barça"],
    "Juventus": ["Juve"],
}
# Short all-capital codes in the facts (ARS, BRA, TIL, SAN) are words or noise in Norwegian text;
# only these well-known ones are kept.
KEEP_CODES = {"RBK", "LSK", "VIF", "AAFK", "FKH", "KBK", "SIF", "TIL", "HamKam", "AaFK", "PSG", "BVB", "HSV"}
KEEP_CODES.discard("TIL")  # "TIL" is the preposition in all-caps headlines

MANUAL_OFFICIALS = [
    # Managers of the clubs in the shipped facts, public knowledge (2011/12 season).
    ("Harry Redknapp", "Redknapp", "manager"),
    ("Roberto Mancini", "Mancini", "manager"),
    ("Alex Ferguson", "Ferguson|Sir Alex Ferguson", "manager"),
    ("Arsène Wenger", "Wenger|Arsene Wenger", "manager"),
    ("Per-Mathias Høgmo", "Høgmo", "manager"),
    ("Ole Gunnar Solskjær", "Solskjær", "manager"),
    ("Egil Olsen", "Drillo|Egil «Drillo» Olsen", "manager"),
]
# Nationalities the facts leave empty, public knowledge.
MANUAL_NATIONALITY = {"Brad Friedel": "United States", "Samir Nasri": "France", "Joleon Lescott": "England",
                      "Scott Parker": "England", "Gareth Bale": "Wales", "Stefan Savic": "Montenegro",
                      "Sergio Agüero": "Argentina", "Yaya Touré": "Côte d'Ivoire", "Kolo Touré": "Côte d'Ivoire",
                      "Edin Dzeko": "Bosnia and Herzegovina", "Luka Modric": "Croatia"}


# Newspapers, websites, channels and agencies that reports quote ("sier han til VG") or credit
# ("Foto: NTB Scanpix"): (name, aliases, country, type). The type tells a paper, magazine or website
# (what it published can be meant: "i VG") from an agency or broadcaster (always the organisation:
# "Oslo (NTB)", "ifølge NRK"). A paper named after a town ("Haugesunds Avis") is the paper. No alias
# that is also a common word or party ("AS", "Record", "Ap", "AP").
MEDIA = [
    ("VG", ["VG Nett", "Verdens Gang", "VGTV"], "Norge", "paper"),
    ("Dagbladet", ["DB"], "Norge", "paper"),
    ("Aftenposten", [], "Norge", "paper"),
    ("Nettavisen", [], "Norge", "website"),
    ("Dagens Næringsliv", ["DN"], "Norge", "paper"),
    ("Dagsavisen", [], "Norge", "paper"),
    ("Klassekampen", [], "Norge", "paper"),
    ("Bergens Tidende", [], "Norge", "paper"),
    ("Bergensavisen", [], "Norge", "paper"),
    ("Stavanger Aftenblad", ["Aftenbladet", "Aftenbladet.no"], "Norge", "paper"),
    ("Adresseavisen", ["Adressa"], "Norge", "paper"),
    ("Fædrelandsvennen", [], "Norge", "paper"),
    ("Sunnmørsposten", ["SMP"], "Norge", "paper"),
    ("Romsdals Budstikke", [], "Norge", "paper"),
    ("Tidens Krav", [], "Norge", "paper"),
    ("Fredriksstad Blad", [], "Norge", "paper"),
    ("Sarpsborg Arbeiderblad", [], "Norge", "paper"),
    ("Drammens Tidende", [], "Norge", "paper"),
    ("Haugesunds Avis", [], "Norge", "paper"),
    ("Moss Avis", [], "Norge", "paper"),
    ("Sandefjords Blad", [], "Norge", "paper"),
    ("Tønsbergs Blad", [], "Norge", "paper"),
    ("Varden", [], "Norge", "paper"),
    ("Agderposten", [], "Norge", "paper"),
    ("Laagendalsposten", [], "Norge", "paper"),
    ("Romerikes Blad", [], "Norge", "paper"),
    ("Budstikka", [], "Norge", "paper"),
    ("Hamar Arbeiderblad", [], "Norge", "paper"),
    ("Oppland Arbeiderblad", [], "Norge", "paper"),
    ("Gudbrandsdølen Dagningen", [], "Norge", "paper"),
    ("Glåmdalen", [], "Norge", "paper"),
    ("Firda", [], "Norge", "paper"),
    ("Sogn Avis", [], "Norge", "paper"),
    ("Nordlys", [], "Norge", "paper"),
    ("iTromsø", [], "Norge", "paper"),
    ("Avisa Nordland", [], "Norge", "paper"),
    ("NTB", ["Norsk Telegrambyrå"], "Norge", "agency"),
    ("NRK", ["NRK Sport", "NRK1", "NRK P1"], "Norge", "broadcaster"),
    ("TV 2", ["TV2", "TV 2 Sporten", "TV 2 Sport"], "Norge", "broadcaster"),
    ("TV3", [], "Norge", "broadcaster"),
    ("TVNorge", [], "Norge", "broadcaster"),
    ("Viasat", [], "Norge", "broadcaster"),
    ("Viaplay", [], "Norge", "broadcaster"),
    ("C More", [], "Norge", "broadcaster"),
    ("Eurosport", [], "Europa", "broadcaster"),
    ("Aftonbladet", [], "Sverige", "paper"),
    ("Expressen", [], "Sverige", "paper"),
    ("Ekstra Bladet", [], "Danmark", "paper"),
    ("BBC", ["BBC Sport"], "England", "broadcaster"),
    ("Sky Sports", ["Sky Sport", "Sky News"], "England", "broadcaster"),
    ("ITV", [], "England", "broadcaster"),
    ("The Sun", [], "England", "paper"),
    ("The Times", [], "England", "paper"),
    ("The Sunday Times", [], "England", "paper"),
    ("The Guardian", [], "England", "paper"),
    ("The Observer", [], "England", "paper"),
    ("The Independent", [], "England", "paper"),
    ("The Daily Telegraph", ["The Telegraph", "Daily Telegraph"], "England", "paper"),
    ("Daily Mail", ["Mail Online"], "England", "paper"),
    ("Daily Mirror", ["The Mirror"], "England", "paper"),
    ("Daily Star", [], "England", "paper"),
    ("Daily Express", [], "England", "paper"),
    ("Evening Standard", [], "England", "paper"),
    ("News of the World", [], "England", "paper"),
    ("Reuters", [], "England", "agency"),
    ("Marca", [], "Spania", "paper"),
    ("Mundo Deportivo", [], "Spania", "paper"),
    ("El País", [], "Spania", "paper"),
    ("Gazzetta dello Sport", ["La Gazzetta dello Sport"], "Italia", "paper"),
    ("Corriere dello Sport", [], "Italia", "paper"),
    ("Tuttosport", [], "Italia", "paper"),
    ("L'Équipe", ["L'Equipe"], "Frankrike", "paper"),
    ("Le Parisien", [], "Frankrike", "paper"),
    ("AFP", ["Agence France-Presse"], "Frankrike", "agency"),
    ("Bild", [], "Tyskland", "paper"),
    ("Kicker", [], "Tyskland", "paper"),
    ("Süddeutsche Zeitung", [], "Tyskland", "paper"),
    ("De Telegraaf", [], "Nederland", "paper"),
    ("A Bola", [], "Portugal", "paper"),
    ("O Globo", [], "Brasil", "paper"),
    ("Associated Press", [], "USA", "agency"),
    ("ESPN", [], "USA", "broadcaster"),
    ("TMZ", [], "USA", "website"),
    ("NTB Scanpix", ["Scanpix", "NTB scanpix"], "Norge", "agency"),
    ("TT Nyhetsbyrån", ["TT"], "Sverige", "agency"),
    ("Bildbyrån", [], "Sverige", "agency"),
    ("Ritzau", ["Ritzau Scanpix"], "Danmark", "agency"),
    ("PA Media", ["Press Association", "PA Photos", "Pa Photos"], "England", "agency"),
    ("Getty Images", [], "USA", "agency"),
    ("EPA", ["European Pressphoto Agency"], "Europa", "agency"),
    ("DPA", ["Deutsche Presse-Agentur"], "Tyskland", "agency"),
    ("ANSA", [], "Italia", "agency"),
    ("Efe", ["EFE"], "Spania", "agency"),
    ("TV 2 Danmark", [], "Danmark", "broadcaster"),
    ("SVT", ["Sveriges Television"], "Sverige", "broadcaster"),
    ("TV4", [], "Sverige", "broadcaster"),
    ("Canal+", ["Canal Plus"], "Frankrike", "broadcaster"),
    ("RTL", [], "Tyskland", "broadcaster"),
    ("ZDF", [], "Tyskland", "broadcaster"),
    ("ARD", [], "Tyskland", "broadcaster"),
    ("CNN", [], "USA", "broadcaster"),
    ("Fox Sports", [], "USA", "broadcaster"),
    ("beIN Sports", ["beIN SPORTS"], "Qatar", "broadcaster"),
    ("Al Jazeera", [], "Qatar", "broadcaster"),
    ("Dagens Nyheter", [], "Sverige", "paper"),
    ("Svenska Dagbladet", [], "Sverige", "paper"),
    ("Politiken", [], "Danmark", "paper"),
    ("Berlingske", ["Berlingske Tidende"], "Danmark", "paper"),
    ("Jyllands-Posten", [], "Danmark", "paper"),
    ("B.T.", [], "Danmark", "paper"),
    ("Le Monde", [], "Frankrike", "paper"),
    ("Le Figaro", [], "Frankrike", "paper"),
    ("Le Point", [], "Frankrike", "magazine"),
    ("France Football", [], "Frankrike", "magazine"),
    ("Der Spiegel", ["Spiegel"], "Tyskland", "magazine"),
    ("Die Welt", [], "Tyskland", "paper"),
    ("Frankfurter Allgemeine", ["Frankfurter Allgemeine Zeitung", "FAZ"], "Tyskland", "paper"),
    ("Corriere della Sera", [], "Italia", "paper"),
    ("La Repubblica", [], "Italia", "paper"),
    ("The New York Times", ["New York Times"], "USA", "paper"),
    ("The Washington Post", ["Washington Post"], "USA", "paper"),
    ("The Athletic", [], "USA", "website"),
    ("Haaretz", [], "Israel", "paper"),
    ("Josimar", [], "Norge", "magazine"),
    ("Vårt Land", [], "Norge", "paper"),
    ("Morgenbladet", [], "Norge", "paper"),
    ("Trønder-Avisa", [], "Norge", "paper"),
    ("Harstad Tidende", [], "Norge", "paper"),
    ("Telemarksavisa", [], "Norge", "paper"),
    ("Østlendingen", [], "Norge", "paper"),
    ("Rogalands Avis", [], "Norge", "paper"),
    ("Sandnesposten", [], "Norge", "paper"),
    ("Finnmark Dagblad", [], "Norge", "paper"),
]

# The openfootball country codes whose clubs are all shipped, not only those squad lists name.
NEIGHBOUR_COUNTRIES = {"se", "dk"}

def neighbour_club_form(form, forms, city, common_word, club_by_key):
    """Whether a name of a club added without a squad list is safe to match: not a word NoReC
    uses in lower case or as a name of something else ("Frem", "Ariana"; its town is, and
    recognition tells the town from the team), not cut ("Åtvid" of Åtvidaberg; "Helsingborg" of
    Helsingborgs IF is the genitive's), not a code or name another club has already ("SIF" is
    Strømsgodset)."""
    one_word = " " not in form
    cut = any(f.startswith(form) and re.match(r"[^\W\d_]", f[len(form):])
              and not re.match(r"s\b", f[len(form):]) for f in forms)
    town = fold_town(form) == fold_town(city)
    return not (cut or club_key(form) in club_by_key
                or (one_word and not town and (form.isupper() or common_word(form)
                                               or common_word.capitalised(form) > NOREC_NAME_USE_MAX)))


# The top-level domain of a country's papers: "Dagbladet.no", "smp.no", "Aftonbladet.se".
WEB_DOMAINS = {"Norge": ".no", "Sverige": ".se", "Danmark": ".dk"}


def web_addresses(name, aliases, country):
    """A paper's site is the paper ("sier han til Dagbladet.no"): its one-word names with the
    country's domain. Recognition matches a web address in lower case too."""
    domain = WEB_DOMAINS.get(country)
    if not domain:
        return []
    return [form + domain for form in [name] + aliases
            if re.fullmatch(r"\w+", form) and form + domain not in aliases]


# Football's organisations that are neither team nor paper: (name, aliases, country, type), the
# type a federation, a league, supporters or a company. "Kjernen" (Rosenborg's) is left out: the
# word opens sentences ("Kjernen i laget"). A league is the organisation of its clubs ("managerne
# i Premier League"), as NorNE tags it; a tournament (VM, NM, Champions League) is an event and
# not here. Norwegian papers write "Fifa" and "Uefa"; "FIFA 14" and "UEFA Euro 2016" are games.
# Written for kampfakta from public knowledge of the names.
ORGANISATIONS = [
    ("Fifa", [], "", "federation"),
    ("Uefa", [], "Europa", "federation"),
    ("Caf", ["CAF"], "Afrika", "federation"),
    ("Concacaf", ["CONCACAF"], "Nord-Amerika", "federation"),
    ("Conmebol", ["CONMEBOL"], "Sør-Amerika", "federation"),
    ("Norges Fotballforbund", ["NFF", "Fotballforbundet", "Norges fotballforbund"], "Norge", "federation"),
    ("Norges idrettsforbund", ["Norges Idrettsforbund", "Idrettsforbundet", "NIF"], "Norge", "federation"),
    ("Norsk Toppfotball", [], "Norge", "federation"),
    ("Norsk Tipping", [], "Norge", "company"),
    ("The Football Association", ["FA", "Football Association", "Det engelske fotballforbundet"], "England", "federation"),
    ("Svenska Fotbollförbundet", ["SvFF", "Svenska fotbollförbundet"], "Sverige", "federation"),
    ("Dansk Boldspil-Union", ["DBU"], "Danmark", "federation"),
    ("Deutscher Fußball-Bund", ["DFB"], "Tyskland", "federation"),
    ("Real Federación Española de Fútbol", ["RFEF"], "Spania", "federation"),
    ("Federazione Italiana Giuoco Calcio", ["FIGC"], "Italia", "federation"),
    ("Koninklijke Nederlandse Voetbalbond", ["KNVB"], "Nederland", "federation"),
    ("Idrettens voldgiftsrett", ["CAS", "Cas"], "", "federation"),
    ("Wada", ["WADA"], "", "federation"),
    ("Eliteserien", [], "Norge", "league"),
    ("Tippeligaen", [], "Norge", "league"),
    ("OBOS-ligaen", ["Obos-ligaen", "OBOS-liga"], "Norge", "league"),
    ("Adeccoligaen", [], "Norge", "league"),
    ("PostNord-ligaen", [], "Norge", "league"),
    ("Norsk Tipping-ligaen", [], "Norge", "league"),
    ("Toppserien", [], "Norge", "league"),
    ("Royal League", [], "Skandinavia", "league"),
    ("Allsvenskan", [], "Sverige", "league"),
    ("Superettan", [], "Sverige", "league"),
    ("Superligaen", [], "Danmark", "league"),
    ("Premier League", [], "England", "league"),
    ("The Championship", ["Championship"], "England", "league"),
    ("League One", [], "England", "league"),
    ("League Two", [], "England", "league"),
    ("Scottish Premiership", [], "Skottland", "league"),
    ("La Liga", [], "Spania", "league"),
    ("Serie A", [], "Italia", "league"),
    ("Serie B", [], "Italia", "league"),
    ("Bundesliga", [], "Tyskland", "league"),
    ("2. Bundesliga", [], "Tyskland", "league"),
    ("Ligue 1", [], "Frankrike", "league"),
    ("Eredivisie", [], "Nederland", "league"),
    ("Primeira Liga", [], "Portugal", "league"),
    ("Süper Lig", [], "Tyrkia", "league"),
    ("Major League Soccer", ["MLS"], "USA", "league"),
    ("Klanen", [], "Norge", "supporters"),
    ("Bataljonen", [], "Norge", "supporters"),
    ("Kanarifansen", [], "Norge", "supporters"),
]


# The lead byte of a two-byte UTF-8 letter read as cp1252, then a continuation byte so read:
# "ÅŸ" is "ş" (BeÅŸiktaÅŸ), "Ä°" is "İ". Genuine names never pair them.
MOJIBAKE_PAIR = re.compile("[\u00c2-\u00df][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
                           "\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030"
                           "\u2039\u203a\u20ac\u2122]")


def fix_mojibake(s):
    """Some fact rows were UTF-8 read as Latin-1 ("SÃ£o TomÃ©"); undo that. Where the second byte,
    a control character, was lost ("Miguel Ãngel"), it was most likely that of "Á". A squad list's
    cut name that ends inside a letter ("Cerro PorteÃ" of Porteño) loses the half letter."""
    if s.endswith("Ã"):
        s = s[:-1]
    if "Ã" in s or "Â" in s or MOJIBAKE_PAIR.search(s):
        lost_byte = re.sub("Ã(?![\x80-\xbf])", "Ã\x81", s)
        for encoding, text in [("cp1252", s), ("latin-1", lost_byte)]:
            try:
                return text.encode(encoding).decode("utf-8")
            except (UnicodeDecodeError, UnicodeEncodeError):
                continue
    return s


def slug(name):
    """Same rule as `gazetteer::slug` in the crate: lowercase, runs of other characters -> '-',
    combining marks dropped ("İ" lowers to "i" and a dot above)."""
    out, dash = [], False
    for ch in name.lower():
        if unicodedata.combining(ch):
            continue
        if ch.isalnum():
            out.append(ch)
            dash = False
        elif not dash and out:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


CLUB_NOISE = {"fc", "f", "c", "afc", "cf", "a", "ac", "s", "sc", "ssc", "fk", "bk", "if", "il", "sk", "ff",
              "fotball"}


def club_key(name):
    # "Galatasaray S.K. (football team)" is "Galatasaray SK": notes dropped, initials joined;
    # another stop parts words ("1.FC Nuremberg" is "1. FC Nuremberg").
    name = re.sub(r"(?<!\w)([^\W\d])\.", r"\1", without_football_note(fix_mojibake(name))).replace(".", " ")
    parts = [p for p in re.split(r"[^\w]+", name.lower()) if p and p not in CLUB_NOISE]
    return " ".join(parts)


def without_football_note(name):
    """"AZ (football club)" -> "AZ"; a note of years ("Salisbury FC (2015-)") tells clubs apart."""
    return re.sub(r"\s*\([^)]*football[^)]*\)", "", name)


# Legal forms and club-type abbreviations that stand around a club's own name in one source and
# not in another: "RCD Espanyol", "KKS Lech Poznań", "Olympiacos CFP", "Real Betis Balompié",
# "TSG 1899 Hoffenheim". Not "Real", "Sporting", "Olympique", "Borussia": papers keep those
# (Real Madrid, Sporting, Olympique Lyon), and alone they name several clubs.
LEGAL_FORMS = CLUB_NOISE | {
    "aj", "acf", "as", "bsc", "ca", "cd", "cfc", "cfp", "club", "cs", "ea", "es", "fco", "fsv", "gd", "hsc",
    "jk", "kaa", "kks", "krc", "ks", "ksv", "nk", "ogc", "pfc", "pfk", "rc", "rcd", "rsc", "sad", "sco",
    "sd", "sl", "sm", "spvgg", "ss", "ssd", "sv", "tsg", "tsv", "ud", "us", "vfb", "vfl", "calcio",
    "balompié", "balompie", "hnk", "vfr", "tus", "acd", "sports", "football"}
# Folded letters of transliterations and of sources without accents (Poznań, Poznan; Başakşehir).
LOOSE_LETTERS = str.maketrans({"ø": "o", "ö": "o", "æ": "ae", "ä": "ae", "å": "a", "ß": "ss", "đ": "d",
                               "ł": "l", "ı": "i", "c": "k"})


def loose_club_key(name):
    """A club's name folded for finding it under another source's spelling: accents, legal forms,
    founding numbers, "de" and the c/k of transliterations do not count: "KKS Lech Poznań" and
    "Lech Poznan", "Olympiacos CFP" and "Olympiakos", "Racing de Santander" and "Racing Santander"."""
    words = [w for w in club_key(name).split() if w not in LEGAL_FORMS and w != "de" and not w.isdigit()]
    folded = "".join(strip_accents(c) for c in " ".join(words).translate(LOOSE_LETTERS))
    return folded.translate(LOOSE_LETTERS)


def abbreviation_pattern(name):
    """"Olym. Marseille" -> a pattern for the club_key of "Olympique Marseille": a word cut with
    a stop stands for a word that starts so. None when no word of two letters or more is cut."""
    words = re.findall(r"[^\W_]+\.?", without_football_note(fix_mojibake(name)).lower())
    if not any(w.endswith(".") and len(w) > 2 for w in words):
        return None
    parts = [re.escape(w[:-1]) + r"\w*" if w.endswith(".") else re.escape(w) for w in words
             if w.rstrip(".") not in CLUB_NOISE]
    return re.compile(" ".join(parts))


# What squad lists write where a player has no club.
NO_CLUB = {"free agent", "without club", "unattached", "retired"}


def club_display(name):
    """"Manchester City FC" -> "Manchester City"; Norwegian names keep their suffix (Molde FK)."""
    return re.sub(r"\s+(A?FC|F\.C\.)$", "", name)


def split_aliases(s):
    return [a.strip() for a in fix_mojibake(s).split("|") if a.strip()]


# One-word club aliases that other texts use for other things ("Quadrant Standard", "Kobe Bryant",
# Tom Tomsk's "Tom" for Tom Hardy).
COMMON_WORD_ALIASES = {"Standard", "Real", "Kobe", "Sparta", "Tom"}


def keep_alias(alias, name):
    if alias == name or alias in COMMON_WORD_ALIASES:
        return False
    if alias.isupper() and len(alias) <= 4 and alias not in KEEP_CODES:
        return False
    if len(alias) < 3 or re.fullmatch(r"[A-Z]\.?", alias):
        return False
    return True


def spelling_variants(form):
    """Suárez -> Suarez, Håland -> Haaland, Ødegaard -> Odegaard, Sæter -> Saeter: how papers
    write names without their accents, and foreign papers Norwegian names."""
    plain = "".join(c if c in "åÅøØæÆ" else strip_accents(c) for c in form)
    table = str.maketrans({"å": "aa", "Å": "Aa", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae"})
    return [v for v in dict.fromkeys([plain, plain.translate(table)]) if v != form and v.lower() not in NORWEGIAN_WORDS]


# Norwegian words a name may become without its accents ("Ünder" -> "Under"): not taken as variants.
NORWEGIAN_WORDS = {"under", "over", "mot", "med", "men", "for", "fra", "til", "han", "hun", "den", "det",
                   "da", "nå", "så", "om", "av", "på", "etter", "før", "ved", "inn", "ut", "opp", "ned"}


def strip_accents(c):
    return "".join(d for d in unicodedata.normalize("NFD", c) if not unicodedata.combining(d))


def person_name(raw):
    """The name without a disambiguating note: "David James (footballer)" -> "David James"."""
    return re.sub(r"\s*\([^)]*\)$", "", fix_mojibake(raw).strip())


# Spanish given names that come second in a double given name ("Juan Guillermo Cuadrado"): then
# the last word is the surname; otherwise a three-word Spanish name is given name, father's and
# mother's surname ("Gerard Piqué Bernabéu"), and the middle word is the one used.
SPANISH_SECOND_GIVEN = {
    "alberto", "andrés", "antonio", "camilo", "carlos", "david", "eduardo", "ernesto", "fernando",
    "francisco", "gabriel", "guillermo", "ignacio", "javier", "jesús", "josé", "juan", "luis", "manuel",
    "maría", "martín", "miguel", "pablo", "pedro", "ramón", "ángel", "esteban", "emilio", "alejandro",
    "sebastián", "daniel", "felipe", "enrique", "rafael", "roberto", "ricardo", "diego", "josé"}


# Words that belong to the surname that follows them: "van Persie", "de Jong", "van der Vaart".
SURNAME_PARTICLES = {"van", "von", "de", "der", "den", "da", "das", "dos", "di", "del", "le", "la", "ten", "ter", "mac"}


def surname(name):
    """The name Norwegian reports use for a player after the first mention: the last word with the
    particles before it (Robin van Persie -> van Persie)."""
    words = name.split()
    if len(words) < 2:
        return ""
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in SURNAME_PARTICLES:
        start -= 1
    return " ".join(words[start:])


# Spanish names may end with the mother's surname: "Gerard Piqué Bernabéu" is not called
# "Bernabéu". Not Panama: its players in the facts have a second given name or a double surname
# ("Michael Amir Murillo", "Julio Dely Valdés"), not "Dely".
SPANISH_NAMED = {"national:" + slug(n) for n in [
    "Spania", "Argentina", "Uruguay", "Chile", "Colombia", "Ecuador", "Paraguay", "Peru", "Bolivia",
    "Venezuela", "Mexico", "Costa Rica", "Honduras", "El Salvador", "Guatemala"]}


# Korean names put the family name first ("Son Heung-min", "Koo Ja-cheol"): the hyphenated given
# name is not how papers write the person.
FAMILY_NAME_FIRST = {"national:sør-korea", "national:nord-korea"}


def family_name(form, nationality):
    words = form.split()
    if nationality in FAMILY_NAME_FIRST and len(words) == 2 and "-" in words[1]:
        return words[0]
    return surname(form)


def player_aliases(name, aliases, nationality=""):
    """The given aliases, the surname of the name (or of a two-word alias when the name is a long
    legal name: "Luis Alberto Suárez Díaz" is "Suárez" through "Luis Suárez"), and spellings
    without accents or å, ø, æ."""
    long_name = len(name.split()) > 2 and " " not in surname(name)
    # A two-word alias that ends the name ("Morer Vicente") is already a surname.
    short_names = [a for a in aliases if len(a.split()) == 2 and " " not in surname(a)
                   and not name.endswith(" " + a)] if long_name else []
    tail_alias = any(name.endswith(" " + a) and " " in a for a in aliases)
    words = name.split()
    if not short_names and long_name and nationality in SPANISH_NAMED and len(words) == 3:
        used = words[2] if words[1].lower() in SPANISH_SECOND_GIVEN else words[1]
        if keep_alias(used, name) and used not in aliases:
            aliases = aliases + [used]
    elif not short_names and not tail_alias:
        short_names = [name]
    for form in short_names:
        last = family_name(form, nationality)
        if last and keep_alias(last, name) and last not in aliases:
            aliases = aliases + [last]
    return aliases + [v for form in [name] + aliases for v in spelling_variants(form) if v not in aliases]


# The words kampfakta leaves out as aliases unless marked deliberate with a leading "="
# (src/gazetteer/csv_rows.rs): the most frequent Norwegian words, and anything under 3 letters.
COMMON_WORDS = {line.strip() for line in open(Path("data/common_words.txt"), encoding="utf-8")
                if line.strip() and not line.startswith("#")}
# Those that papers do use for the entity: kept, marked deliberate. Any other is left out ("Jo"
# for Jô is the Norwegian "jo").
DELIBERATE_ALIASES = {"DB", "DN", "TT", "FA", "Vera"}


def vetted_aliases(field):
    kept = []
    for alias in split_aliases(field):
        if len(alias) >= 3 and alias.lower() not in COMMON_WORDS:
            kept.append(alias)
        elif alias in DELIBERATE_ALIASES:
            kept.append("=" + alias)
    return "|".join(kept)


def write(path, header, rows):
    if "aliases" in header:
        at = header.index("aliases")
        rows = [row[:at] + [vetted_aliases(row[at])] + row[at + 1:] for row in rows]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    print(f"{path}: {len(rows)} rows")


# The larger fact lists, best spelling first: the World Cup database writes names with their
# letters, the game lists the Norwegian ones, Transfermarkt transliterates (Sörloth) but gives
# birth dates and national teams, which FPL lacks, and the goals list has no birth dates. (file, reader) pairs; each reader yields people as dicts.
def world_cup_people(r):
    year = int(r["year"])
    return dict(name=r["name"], birth=r["birth_date"], nation=r["team"], club="", position=r["position"],
                year=year, given=r["given_name"])


FPL_TEAMS = {"Man City": "Manchester City", "Man Utd": "Manchester United", "Spurs": "Tottenham Hotspur",
             "Nott'm Forest": "Nottingham Forest", "Sheffield Utd": "Sheffield United", "West Brom":
             "West Bromwich Albion", "Wolves": "Wolverhampton Wanderers", "Brighton": "Brighton & Hove Albion",
             "Newcastle": "Newcastle United", "Leicester": "Leicester City", "Leeds": "Leeds United",
             "West Ham": "West Ham United", "Norwich": "Norwich City", "Stoke": "Stoke City", "Swansea":
             "Swansea City", "Cardiff": "Cardiff City", "Hull": "Hull City", "Huddersfield": "Huddersfield Town",
             "Ipswich": "Ipswich Town", "Luton": "Luton Town", "Bournemouth": "AFC Bournemouth"}


def fpl_people(r):
    name = f"{r['first_name']} {r['second_name']}".strip()
    # The known-as name ("Salah", "Son", "Bruno Fernandes") is how papers write the person.
    known_as = r["web_name"] if r["web_name"] != name else ""
    return dict(name=name, birth=r["birth_date"], nation="", club=FPL_TEAMS.get(r["team"], r["team"]),
                position=r["position"], year=int(r["season"][:4]), given=r["first_name"], known_as=known_as)


def transfermarkt_people(r):
    return dict(name=r["name"], birth=r["birth_date"], nation=r["nationality"], club=r["club"],
                position=position_code(r["position"]), year=int(r["season"][:4]))


def game_people(r):
    return dict(name=r["name"], birth=r["birth_date"], nation=r["nationality"], club=r["club"],
                position=position_code(r["position"]), year=int(r["season_approx"]))


def goal_people(r):
    # An own goal's team is the side it counted for, not the scorer's.
    nation = "" if r["own_goal"] == "1" else r["team"]
    return dict(name=r["scorer"], birth="", nation=nation, club="", position="", year=int(r["date"][:4]))


LARGER_FACTS = [("worldcup_squads_1930_2022.csv", world_cup_people),
                ("norwegian_clubs_fifa_2014_2021.csv", game_people),
                ("european_squads_2004_2021.csv", transfermarkt_people),
                ("premier_league_fpl_2016_2026.csv", fpl_people),
                ("international_goals_1916_2026.csv", goal_people)]

# Before this year a player's surname alone is not taken as an alias: papers write the old
# greats in full, and a surname alone then mostly names someone else.
SURNAME_FROM_YEAR = 1990
# A surname that this many people of the facts have as their given name (Barry, Thomas, Martin)
# is how papers write many people's first names, not one player's.
GIVEN_NAME_PEOPLE = 15


def position_code(position):
    """GK, DF, MF or FW of a Transfermarkt position ("Left Midfield", "Right-Back") or a game
    list's codes ("CDM/CM": the first)."""
    words = position.strip().lower()
    first = re.split(r"[/, ]", words)[0] if words else ""
    if "goalkeeper" in words or first == "gk":
        return "GK"
    if "back" in words or "defender" in words or "sweeper" in words or first in {"cb", "lb", "rb", "lwb", "rwb"}:
        return "DF"
    if "midfield" in words or first in {"cm", "cdm", "cam", "lm", "rm"}:
        return "MF"
    if any(w in words for w in ["forward", "winger", "striker"]) or first in {"st", "cf", "lw", "rw"}:
        return "FW"
    return ""


def person_key(name):
    """A name folded for telling people apart across sources: case, accents and the ways the
    sources write ø, æ, å (Sörloth, Solskjaer, Haaland) do not count."""
    s = name.lower().translate(str.maketrans({"ø": "o", "ö": "o", "æ": "ae", "ä": "ae", "å": "a", "ß": "ss",
                                              "đ": "d", "ł": "l", "ı": "i"}))
    s = "".join(strip_accents(c) for c in s).replace("aa", "a").replace("-", " ")
    return " ".join(re.findall(r"\w+", s))


def norec_word_use(facts):
    """How often each word of the whole NoReC corpus (43,437 reviews of real Norwegian text) is
    written in lower case, and capitalised inside a sentence: a one-word alias that the corpus
    uses at least as often as a common word (Merk, Klarer, Nei, Storm, Smart) is no name there."""
    lower, capitalised = {}, {}
    word = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
    with tarfile.open(facts.parent / "corpora" / "norec-2.1-all.tar.xz") as archive:
        for member in archive:
            if not (member.isfile() and member.name.endswith(".txt")):
                continue
            text = archive.extractfile(member).read().decode("utf-8", "replace")
            for sentence in re.split(r"(?<=[.!?:])\s+|\n", text):
                for i, w in enumerate(word.findall(sentence)):
                    if w[0].islower():
                        lower[w] = lower.get(w, 0) + 1
                    elif i > 0:
                        capitalised[w] = capitalised.get(w, 0) + 1
    return NorecWordUse(lower, capitalised)


class NorecWordUse:
    """Called with an alias: whether NoReC uses it as a common word. `capitalised` counts its uses
    as a name inside a sentence: in reviews of films, books and music, mostly of something else."""

    def __init__(self, lower, capitalised):
        self.lower, self.capitalised_counts = lower, capitalised

    def __call__(self, alias):
        return self.lower.get(alias.lower(), 0) >= max(COMMON_USE_MIN, self.capitalised_counts.get(alias, 0))

    def capitalised(self, word):
        return self.capitalised_counts.get(word, 0)


# Lower-case uses a word needs in NoReC before it counts as a common word there.
COMMON_USE_MIN = 3


def town_names(nation_by_name):
    """The towns of the clubs in the facts, and the countries."""
    towns = set(nation_by_name)
    for file_name in ["clubs_openfootball_all.csv", "clubs_sample.csv"]:
        for r in csv.DictReader(open(FACTS / file_name, encoding="utf-8")):
            towns.add(re.sub(r"\s*\(.*", "", fix_mojibake(r["city"])).strip())
    return {t for t in towns if t}


def fold_town(name):
    """Poznań and Poznan, Köln and Koln are one town."""
    return "".join(strip_accents(c) for c in name.lower().translate(LOOSE_LETTERS))


def place_names(clubs, nation_by_name):
    """Towns, clubs and countries: a surname or one-word name that is one of them (Berlin,
    Montenegro, Monaco) is, in text, mostly the place or the team."""
    places = town_names(nation_by_name)
    for c in clubs:
        places.update([c[1], c[4]] + c[2].split("|"))
    return {p for p in places if p and " " not in p}


def add_people(players, sample_years, club_ref, nation_by_name, places, common_word):
    """Adds the people of the larger fact lists to `players` (rows of the shipped sample and the
    2014 squads): one row per person across sources and seasons. Two rows are one person when
    their folded names agree and their birth dates (or, without one, their national teams) do
    not conflict. The sources are read best spelling first (LARGER_FACTS); a later one adds
    clubs (in the order of the seasons), a birth date, a national team, and its spelling as an
    alias. `sample_years` holds the season or squad year each row of `players` is of."""
    join_spellings(players)
    index = {}
    for row in players:
        index_person(index, row)
    evidence = {}
    sample = {row[0] for row in players}
    # The first and last year each row's facts list the player in.
    careers = {row_id: (year, year) for row_id, year in sample_years.items()}
    known_as, given_counts = {}, {}
    taken_ids = {row[0] for row in players}
    people = []
    for file_name, reader in LARGER_FACTS:
        for r in csv.DictReader(open(FACTS / file_name, encoding="utf-8")):
            person = reader(r)
            person["name"] = person_name(person["name"])
            if len(person["name"]) < 3:
                continue
            people.append(person)
            given = person.get("given") or (person["name"].split()[0] if " " in person["name"] else "")
            given_counts[given] = given_counts.get(given, 0) + 1
    seasons, fpl_only = {}, {}
    for person in people:
        name, birth = person["name"], person["birth"]
        nationality = nation_by_name.get(person["nation"], "")
        club = club_ref(person["club"]) if person["club"] else ""
        row = same_person(index, name, birth, nationality, club, person["year"], careers)
        if row is None and not (birth or club) and same_person(index, name, birth, nationality, club, None, careers):
            # A goal of the international list, whose scorer only his namesake's age rules out
            # (Aubameyang's father's goal of 1992 under the son's name), would only make the
            # name ambiguous: it names no club or birth date to tell the two apart.
            continue
        if row is None and person.get("known_as"):
            row = known_as_of(index, person["known_as"], {club}, seasons, None)
        new_known_as = row is None and person.get("known_as")
        if row is None:
            player_id = "player:" + slug(name)
            if player_id in taken_ids:
                player_id += "-" + (birth[:4] if birth else slug(person["nation"]) or "2")
            while player_id in taken_ids:
                player_id += "-2"
            taken_ids.add(player_id)
            row = [player_id, name, "", "", "", "", ""]
            players.append(row)
            index_person(index, row)
            if new_known_as:
                fpl_only[row[0]] = row
        elif name != row[1] and name not in row[2].split("|"):
            row[2] = f"{row[2]}|{name}" if row[2] else name
            index.setdefault(("name", person_key(name)), []).append(row)
        row[4] = row[4] or nationality
        row[5] = row[5] or person["position"]
        row[6] = birth if len(birth) > len(row[6]) and same_birth(birth, row[6]) else row[6] or birth
        if club:
            seasons.setdefault(row[0], []).append((person["year"], club))
        first, last = careers.get(row[0], (person["year"], person["year"]))
        careers[row[0]] = (min(first, person["year"]), max(last, person["year"]))
        evidence[row[0]] = evidence.get(row[0], 1) + 1
        if person.get("known_as"):
            known_as[row[0]] = person["known_as"]
    def join(target, row):
        target[2] = "|".join(a for a in [target[2], row[1], row[2]] if a)
        target[3] = "|".join(dict.fromkeys(c for c in target[3].split("|") + row[3].split("|") if c))
        for i in (4, 5, 6):
            target[i] = target[i] or row[i]
        seasons.setdefault(target[0], []).extend(seasons.pop(row[0], []))
        spans = [careers[r[0]] for r in (target, row) if r[0] in careers]
        if spans:
            careers[target[0]] = (min(f for f, _ in spans), max(l for _, l in spans))
        evidence[target[0]] = evidence.get(target[0], 1) + evidence.pop(row[0], 1)
        if row[0] in known_as:
            known_as[target[0]] = known_as.pop(row[0])
        joined.add(row[0])

    joined = set()
    # A legal name FPL read before the season lists gave the known-as player's club ("Diego da
    # Silva Costa" before Chelsea was among Diego Costa's clubs) is joined to him now.
    for row_id, row in fpl_only.items():
        target = known_as_of(index, known_as[row_id], {c for _, c in seasons.get(row_id, [])}, seasons, row)
        if target is not None:
            join(target, row)
    players[:] = [row for row in players if row[0] not in joined]
    for target, row in one_career_twice(players, seasons, evidence):
        join(target, row)
    players[:] = [row for row in players if row[0] not in joined]
    for row in players:
        # A club of the season lists holds from the first season he was there to the end of
        # the last one (`club:arsenal@2004-2012`; a season that starts in 2011 ends in 2012);
        # the sample's clubs, in their order first, hold at any time unless the lists have them.
        spells = {}
        for year, club in sorted(seasons.get(row[0], [])):
            first, last = spells.get(club, (year, year))
            spells[club] = (min(first, year), max(last, year + 1))
        clubs = [c for c in row[3].split("|") if c] + list(spells)
        row[3] = "|".join(f"{c}@{spells[c][0]}-{spells[c][1]}" if c in spells else c for c in dict.fromkeys(clubs))
        aliases = [a for a in row[2].split("|") if a] + ([known_as[row[0]]] if row[0] in known_as else [])
        if row[0] in sample:
            # The sample's rows have their aliases already; other sources add spellings.
            aliases += [v for form in aliases for v in spelling_variants(form)]
        elif careers[row[0]][1] >= SURNAME_FROM_YEAR:
            spellings = list(aliases)
            aliases = player_aliases(row[1], aliases, row[4])
            last = family_name(row[1], row[4])
            if (last in places or common_word(last)) and last not in spellings:
                aliases = [a for a in aliases if a != last]
        else:
            aliases += [v for form in [row[1]] + aliases for v in spelling_variants(form)]
        # One word that many people have as their first name (Martin, Barry, Thomas) or that is
        # a common word is not one player's name, unless papers write him so (FPL's known-as).
        aliases = [a for a in aliases if " " in a or a == known_as.get(row[0])
                   or given_counts.get(a, 0) < GIVEN_NAME_PEOPLE and not common_word(a)]
        row[2] = "|".join(a for a in dict.fromkeys(aliases) if keep_alias(a, row[1]))
    # A player known by one name that is also a first name many people have (Fernando, Hugo,
    # Tom), a common word (Nei) or a place (Berlin) is, in text, mostly not him; so is an old
    # great's one name (Roberto, Germano of the 1930s-50s).
    def one_name_kept(row):
        name = row[1]
        return (row[0] in sample or " " in name or careers[row[0]][1] >= SURNAME_FROM_YEAR
                and given_counts.get(name, 0) < GIVEN_NAME_PEOPLE and name.lower() not in COMMON_WORDS
                and name not in places and not common_word(name))
    players[:] = [row for row in players if one_name_kept(row)]
    most_known_keeps_surname(players, evidence, sample)


def join_spellings(players):
    """The sample and the 2014 squads list some people twice, with and without accents (Luka
    Modric, Luka Modrić; Edin Dzeko, Edin Džeko): one row, the later spelling an alias."""
    first = {}
    kept = []
    for row in players:
        key = person_key(row[1])
        earlier = first.get(key)
        conflict = earlier and any(earlier[i] and row[i] and earlier[i] != row[i] for i in (4, 6))
        if earlier is None or conflict:
            first.setdefault(key, row)
            kept.append(row)
            continue
        aliases = [a for a in earlier[2].split("|") + [row[1]] + row[2].split("|") if a and a != earlier[1]]
        earlier[2] = "|".join(dict.fromkeys(aliases))
        earlier[3] = "|".join(dict.fromkeys(c for c in earlier[3].split("|") + row[3].split("|") if c))
        for i in (4, 5, 6):
            earlier[i] = earlier[i] or row[i]
    players[:] = kept


def same_person(index, name, birth, nationality, club, year, careers):
    """The row of `index` that is the person of this name, birth date and national team, playing
    in `year`, or None. The same folded name is the person unless birth dates, national teams or
    ages ([`of_one_age`]) conflict; the same words in another order ("Heung-Min Son", "Son
    Heung-min") or without middle names ("Erling Haaland", "Erling Braut Håland") need more: for
    the order, no birth date to conflict; for middle names, the same birth date, or none to
    conflict and the same national team or club."""
    key = person_key(name)
    rows = lambda key: [row for row in index.get(key, []) if of_one_age(birth, year, row, careers)]
    for row in rows(("name", key)):
        if birth and row[6]:
            if same_birth(row[6], birth):
                return row
            continue
        if nationality and row[4] and nationality != row[4]:
            continue
        return row
    for how, other in [("order", word_order_key(key)), ("ends", ends_key(key))]:
        for row in rows((how, other)):
            if birth and same_birth(row[6], birth) or how == "order" and not (birth and row[6]):
                return row
            agree = nationality and row[4] == nationality or club and club in row[3].split("|")
            if how == "ends" and not (birth and row[6]) and agree:
                return row
    return None


def one_career_twice(players, seasons, evidence):
    """(kept row, row joined to it) for each person two sources list with birth dates that
    disagree within one year (Ben Foster 1983-04-03 and 1983-05-03, Enner Valencia's day and
    month swapped): the same folded name, the same birth year and a club in common is one
    career, and so is the same national team with dates a month apart at most or day and month
    swapped (Les Ferdinand 1966-12-08 and 12-18, the lists naming no club of his twice).
    Namesakes of one club are born in other years (the two Paul Robinsons of Bolton). The kept
    row is the earlier one, with the birth date of the row more records give."""
    def one_person(a, b):
        return (clubs_of(a, seasons) & clubs_of(b, seasons)
                or a[4] and a[4] == b[4] and close_dates(a[6], b[6]))

    first = {}
    pairs = []
    for row in players:
        if not row[6]:
            continue
        key = (person_key(row[1]), row[6][:4])
        target = next((t for t in first.get(key, []) if one_person(t, row)), None)
        if target is None:
            first.setdefault(key, []).append(row)
            continue
        if evidence.get(row[0], 1) > evidence.get(target[0], 1):
            target[6] = row[6]
        pairs.append((target, row))
    return pairs


def clubs_of(row, seasons):
    """A row's clubs: the sample's, and those of its seasons so far."""
    return {c for c in row[3].split("|") if c} | {c for _, c in seasons.get(row[0], [])}


def close_dates(a, b):
    """Whether two birth dates (`1966-12-08`) are a month apart at most, or one is the other with
    day and month swapped: the slips of copied dates."""
    try:
        a, b = date.fromisoformat(a), date.fromisoformat(b)
    except ValueError:
        return False
    return abs((a - b).days) <= 31 or (a.month, a.day) == (b.day, b.month)


def of_one_age(birth, year, row, careers):
    """Whether a person born on `birth` (or of unknown birth) playing in `year` can be the person
    of `row`, whose seasons span `careers[row[0]]` (`year` None: any year): footballers play
    from MIN_AGE to MAX_AGE. Where the sources give one of the two no birth date, a name alone
    joined the Mexico striker Javier Hernández of 2014 to his father of the 1986 squad."""
    if year is None or bool(birth) == bool(row[6]) or not (birth or row[6])[:4].isdigit():
        return True
    if row[6]:
        first = last = year
    elif row[0] in careers:
        first, last = careers[row[0]]
    else:
        return True
    born = int((birth or row[6])[:4])
    return first - born >= MIN_AGE and last - born <= MAX_AGE


# The ages a footballer plays at (of_one_age), a little wider than careers run.
MIN_AGE = 14
MAX_AGE = 45


def same_birth(a, b):
    """Whether two birth dates agree: equal, or a year and a date of that year ("1985",
    "1985-08-04" of Mark Milligan)."""
    return bool(a and b) and (a.startswith(b) or b.startswith(a))


def known_as_of(index, known_as, clubs, seasons, itself):
    """The row of the player FPL's legal name ("Diego da Silva Costa") is known as ("Diego
    Costa") when they share one of `clubs`; FPL gives no birth date or national team to
    compare."""
    for row in index.get(("name", person_key(known_as)), []):
        if row is not itself and clubs & clubs_of(row, seasons):
            return row
    return None


def word_order_key(key):
    return " ".join(sorted(key.split()))


def ends_key(key):
    words = key.split()
    return f"{words[0]} {words[-1]}" if len(words) > 1 else key


def index_person(index, row):
    key = person_key(row[1])
    # A legal name's short form ("Gerard Piqué" of "Gerard Piqué Bernabéu") names him too.
    for alias in row[2].split("|"):
        if " " in alias and alias.split()[0] == row[1].split()[0]:
            index.setdefault(("name", person_key(alias)), []).append(row)
    index.setdefault(("name", key), []).append(row)
    index.setdefault(("order", word_order_key(key)), []).append(row)
    index.setdefault(("ends", ends_key(key)), []).append(row)


def most_known_keeps_surname(players, evidence, sample):
    """A one-word alias that several people share stays with the one the facts know far best,
    as papers write him so: among the people of one national team, when he has twice the
    evidence of the next (four Norwegian Ødegaards: Martin, with seasons in three leagues); across
    national teams, when he has four times theirs (Lionel Messi, not Cameroon's Georges Messi).
    Otherwise the match's context must decide. Evidence is the number of fact rows (seasons,
    squads, international goals) of a person. A player known by one name that a far better-known
    player is called (Brazil's Müller beside Thomas Müller) is left out, unless the sample has him."""
    holders = {}
    for row in players:
        for alias in row[2].split("|") + ([row[1]] if " " not in row[1] else []):
            if alias and " " not in alias:
                holders.setdefault(alias, []).append(row)
    dropped = {}
    for alias, rows in holders.items():
        if len(rows) < 2:
            continue
        known = lambda r: evidence.get(r[0], 1)
        rows = sorted(rows, key=lambda r: -known(r))
        top_by_nation = {}
        for row in rows:
            top_by_nation.setdefault(row[4], row)
        for row in rows:
            top = top_by_nation[row[4]]
            if row is not top and known(top) >= NATION_LEAD * known(row) or known(rows[0]) >= WORLD_LEAD * known(row):
                dropped.setdefault(row[0], set()).add(alias)
    for row in players:
        if row[0] in dropped:
            row[2] = "|".join(a for a in row[2].split("|") if a not in dropped[row[0]])
    players[:] = [row for row in players if row[1] not in dropped.get(row[0], ()) or row[0] in sample]


# How far ahead in evidence the best-known holder of a shared surname must be to keep it alone:
# among people of his national team, and among all.
NATION_LEAD = 2
WORLD_LEAD = 4


def join_cut_clubs(clubs, players):
    """Squad lists cut club names short ("Feyenoo", "SC Freibu"): a club known by nothing but
    such a name, which begins exactly one other club's name, is that club."""
    keys = {c[0]: club_key(c[1]) for c in clubs}
    into = {}
    for c in clubs:
        key = keys[c[0]]
        if c[2] or c[3] or len(key) < 3:
            continue
        longer = [o[0] for o in clubs if o[0] != c[0] and keys[o[0]] != key and keys[o[0]].startswith(key)]
        if len(longer) == 1:
            into[c[0]] = longer[0]
    clubs[:] = [c for c in clubs if c[0] not in into]
    for row in players:
        # A cut name and the full one may both be among a player's clubs: one club, its years
        # joined (a club without years holds at any time).
        spells = {}
        for ref in filter(None, row[3].split("|")):
            club, _, years = ref.partition("@")
            club = into.get(club, club)
            spells[club] = joined_years(spells[club], years) if club in spells else years
        row[3] = "|".join(f"{club}@{years}" if years else club for club, years in spells.items())


def joined_years(a, b):
    """The years of two spells at one club (`2004-2006`, `2010-2012`) as one, from the first
    year to the last; none (at any time) when either has none."""
    if not a or not b:
        return ""
    spans = [(first, last or first) for first, _, last in (y.partition("-") for y in (a, b))]
    return f"{min(f for f, _ in spans)}-{max(l for _, l in spans)}"


def club_short_names(name, city, towns):
    """The short names papers write for a club of a long name: without the legal forms at its ends
    and its founding numbers ("RCD Espanyol" -> "Espanyol", "TSG 1899 Hoffenheim" -> "Hoffenheim"),
    and without the town after the club's own name ("PSV Eindhoven" -> "PSV", "Feyenoord
    Rotterdam" -> "Feyenoord"); not after a particle ("Universidad de Chile", "Heart of Midlothian")."""
    words = re.sub(r"\s*\([^)]*\)", "", name).split()
    # A founding number inside the name ("Bayer 04 Leverkusen") goes; another ("April 25") stays.
    words = [w for i, w in enumerate(words) if not (0 < i < len(words) - 1 and re.fullmatch(FOUNDING_NUMBER, w))]
    edge = lambda w: w.lower().strip(".") in LEGAL_FORMS or re.fullmatch(r"\d+\.?|'\d+", w)
    scandinavian = bool(words) and words[-1].lower() in SCANDINAVIAN_FORMS
    while words and edge(words[0]):
        words = words[1:]
    while words and edge(words[-1]):
        words = words[:-1]
    # "Aalesunds FK", "Djurgårdens IF", "Odds BK": the genitive goes with the legal form. Not
    # the s of a name ("Degerfors IF" of Degerfors, "Västerås SK", "Akropolis IF").
    own_town = fold_town(re.sub(r"\s*\(.*", "", city))
    if (scandinavian and len(words) == 1 and re.search(r"[^\Wsaeiouyåæøäö]s$", words[0])
            and fold_town(words[0]) != own_town):
        words = [words[0][:-1]]
    short = [" ".join(words)] if words else []
    if len(words) > 1 and words[-2].lower() not in SURNAME_PARTICLES | {"of", "do"}:
        last = fold_town(words[-1])
        if last == own_town or last in towns:
            short.append(" ".join(words[:-1]))
    return [s for s in short if s != name]


# Founding years and their short forms ("04", "1899") that stand inside a club's name.
FOUNDING_NUMBER = r"0\d|1[89]\d\d|20\d\d"
# Scandinavian legal forms after a name in the genitive.
SCANDINAVIAN_FORMS = {"fk", "bk", "if", "ik", "il", "sk", "ff"}
# How often NoReC (reviews, no football) may write a one-word short name as a name before it is
# taken for something else there (Wimbledon the tournament, Constantine the film).
NOREC_NAME_USE_MAX = 2


def add_club_short_names(clubs, towns, common_word, other_clubs):
    """Adds each club's short names (club_short_names) that are no common word, town or country,
    and that no other club is called or would be called (two clubs' "Borussia", "Spartak", "Hapoel"
    stay out: the context of a match cannot tell them apart by name). `other_clubs`: (id, name)
    of the openfootball list, the id of a gazetteer club or none: clubs papers may mean too."""
    # Every form of a club and the words it starts with: "Borussia" begins "Borussia
    # Mönchengladbach", "Wisła" "Wisła Kraków".
    starts = {}
    for c in clubs + [[club_id or "other:" + name, name, ""] for club_id, name in other_clubs]:
        for form in [c[1]] + c[2].split("|"):
            words = club_key(form).split()
            for n in range(1, len(words) + 1):
                starts.setdefault(" ".join(words[:n]), set()).add(c[0])
    derived = {}
    for c in clubs:
        for short in club_short_names(c[1], c[4], towns):
            derived.setdefault(club_key(short), set()).add(c[0])
    for c in clubs:
        aliases = [a for a in c[2].split("|") if a]
        # A club known by one squad list's name alone may be cut ("FC Seo") or a place ("FK
        # Moskau"): no short name is guessed for it.
        if not aliases and not c[4]:
            continue
        for short in club_short_names(c[1], c[4], towns):
            key = club_key(short)
            one_word = " " not in short
            if (short in aliases or starts.get(key, {c[0]}) != {c[0]} or derived[key] != {c[0]}
                    or len(short) < 3 or "." in short or short in COMMON_WORD_ALIASES
                    or short.lower() in COMMON_WORDS or common_word(short) or fold_town(short) in towns
                    or one_word and common_word.capitalised(short) > NOREC_NAME_USE_MAX):
                continue
            aliases.append(short)
        c[2] = "|".join(aliases)


def countries_keep_their_norwegian_names(clubs, nations):
    """A club's alias that is a country's Norwegian name (`Hellas` of Hellas Verona, whom papers
    write `Verona`) is left out: in Norwegian text it is the country. A name English and
    Norwegian share (`Monaco`) stays with both, for the match's context to decide."""
    norwegian_only = {no for english, (no, *_) in NATIONS.items() if no != english}
    names = {n[1] for n in nations} & norwegian_only
    for club in clubs:
        club[2] = "|".join(a for a in club[2].split("|") if a and a not in names)


def main():
    OUT.mkdir(exist_ok=True)
    # National teams.
    nations, nation_by_name = [], {}
    for r in csv.DictReader(open(FACTS / "national_teams_sample.csv", encoding="utf-8")):
        english = fix_mojibake(r["name"])
        local_and_english = LOCAL_AND_ENGLISH.match(english)
        if local_and_english:
            english = local_and_english.group(2)
        if english in NOT_NATIONAL_TEAMS:
            continue
        codes = [a for a in split_aliases(r["aliases"]) if len(a) == 3 and a.isupper()]
        no_name, adjective, demonym, extra = NATIONS.get(english, (english, "", "", []))
        extra = extra + NATION_ENGLISH_ALIASES.get(english, [])
        team_id = "national:" + slug(no_name)
        if team_id in {n[0] for n in nations}:
            continue
        aliases = [a for a in dict.fromkeys([english] + extra) if a != no_name]
        nations.append([team_id, no_name, "|".join(aliases), codes[0] if codes else "", adjective, demonym])
        for n in [english, no_name] + extra:
            nation_by_name[n] = team_id
    for spelling, english in NATION_SPELLINGS.items():
        if english in nation_by_name:
            nation_by_name[spelling] = nation_by_name[english]
    missing = [e for e in NATIONS if e not in nation_by_name]
    for english in missing:
        no_name, adjective, demonym, extra = NATIONS[english]
        team_id = "national:" + slug(no_name)
        if team_id in {n[0] for n in nations}:
            continue
        nations.append([team_id, no_name, "|".join([english] + extra if english != no_name else extra),
                        NATION_CODES.get(english, ""), adjective, demonym])
        for n in [english, no_name] + extra:
            nation_by_name[n] = team_id
    write(OUT / "national_teams.csv", ["id", "name", "aliases", "country_code", "adjective", "demonym"], nations)

    # Clubs: the sample (Premier League 2011/12, Norwegian top flight, ...) first, then the clubs that
    # squad lists name, taken from the openfootball list or added with their name alone.
    clubs, club_by_key, club_by_loose = [], {}, {}

    def add_club(name, aliases, country, city):
        display = club_display(name)
        club_id = "club:" + slug(display)
        if club_key(name) in club_by_key or club_id in {c[0] for c in clubs}:
            return club_by_key.get(club_key(name), club_id)
        alias_list = [a for a in dict.fromkeys([name] + CLUB_SHORT.get(name, []) + aliases)
                      if keep_alias(a, display)]
        clubs.append([club_id, display, "|".join(alias_list), country, city])
        club_by_key[club_key(name)] = club_id
        for a in alias_list:
            club_by_key.setdefault(club_key(a), club_id)
        for form in [name] + alias_list:
            club_by_loose.setdefault(loose_club_key(form), set()).add(club_id)
        return club_id

    for r in csv.DictReader(open(FACTS / "clubs_sample.csv", encoding="utf-8")):
        add_club(fix_mojibake(r["name"]), split_aliases(r["aliases"]), r["country"], fix_mojibake(r["city"]))
    # A club's own name wins over another club's alias: "FC Barcelona" is Barcelona, not the
    # "Barcelona" that Barcelona SC Guayaquil is also called.
    openfootball = {}
    openfootball_rows = list(csv.DictReader(open(FACTS / "clubs_openfootball_all.csv", encoding="utf-8")))
    for r in openfootball_rows:
        openfootball.setdefault(club_key(r["name"]), r)
    openfootball_names = set(openfootball)
    for r in openfootball_rows:
        for a in split_aliases(r["aliases"]):
            openfootball.setdefault(club_key(a), r)
    openfootball_loose = {}
    for r in openfootball_rows:
        for form in [r["name"]] + split_aliases(r["aliases"]):
            openfootball_loose.setdefault(loose_club_key(form), {})[r["name"]] = r
    towns = {fold_town(t) for t in town_names(nation_by_name)}

    def same_club(name):
        """The known club that another source's spelling names, or None: by the loose key, then
        without a town after the club's own name ("RCD Espanyol Barcelona", "De Graafschap
        Doetinchem"), then by its abbreviated words ("Olym. Marseille"); a club of the gazetteer
        first, then one of openfootball; never when two clubs fit."""
        words = name.split()
        keys = [loose_club_key(name)]
        # A cut word before the town ("Sport. Lokeren") is no club's own name.
        if len(words) > 1 and fold_town(words[-1]) in towns and not words[-2].endswith("."):
            keys.append(loose_club_key(" ".join(words[:-1])))
        for key in filter(None, keys):
            ids = club_by_loose.get(key, set())
            if len(ids) == 1:
                return next(iter(ids))
            rows = openfootball_loose.get(key, {})
            if not ids and len(rows) == 1:
                r = next(iter(rows.values()))
                return add_club(fix_mojibake(r["name"]), split_aliases(r["aliases"]), "", fix_mojibake(r["city"]))
        pattern = abbreviation_pattern(name)
        if pattern:
            ids = {c[0] for c in clubs for form in [c[1]] + c[2].split("|") if pattern.fullmatch(club_key(form))}
            if len(ids) == 1:
                return ids.pop()
            rows = {r["name"]: r for key, r in openfootball.items() if pattern.fullmatch(key)}
            if not ids and len(rows) == 1:
                r = rows.popitem()[1]
                return add_club(fix_mojibake(r["name"]), split_aliases(r["aliases"]), "", fix_mojibake(r["city"]))
        return None

    def club_ref(name):
        name = fix_mojibake(name).strip()
        if not name or name in nation_by_name or name.lower() in NO_CLUB:
            return ""
        key = club_key(name)
        if key in club_by_key:
            return club_by_key[key]
        r = openfootball.get(key)
        if not r and len(key) >= 8:
            # Squad lists cut club names short ("Borussia Dortmu", "PSV Eindhov"): the one known
            # club whose name starts so.
            longer = {k for k in openfootball_names if k.startswith(key)}
            if len(longer) == 1:
                r = openfootball[longer.pop()]
        if r:
            return add_club(fix_mojibake(r["name"]), split_aliases(r["aliases"]), "", fix_mojibake(r["city"]))
        return same_club(name) or add_club(without_football_note(name), [], "", "")

    # Players: the sample, then the World Cup 2014 squads; one row per person (same name and birth
    # date or club), the squad list giving the nationality.
    players, player_index, sample_years = [], {}, {}
    for r in csv.DictReader(open(FACTS / "players_sample.csv", encoding="utf-8")):
        name = person_name(r["name"])
        # A World Cup squad of the 1990s gives a club the player left long ago (Jostein Flo's
        # Strømsgodset of 1998 is no guess for "Strømsgodset-spilleren" in 2014).
        squad_year = re.search(r"World Cup (\d{4})", r["source"])
        club = "" if squad_year and int(squad_year.group(1)) < 2010 else club_ref(r["club"])
        country = r["country"] or MANUAL_NATIONALITY.get(name, "")
        if not country and r["club"] in nation_by_name:
            country = r["club"]
        nationality = nation_by_name.get(country, "")
        aliases = [a for a in split_aliases(r["aliases"]) if keep_alias(a, name)]
        known = player_index.get(("name", name.lower()))
        # "Lionel Andrés Messi Cuccittini" with the alias "Lionel Messi": a known player's full
        # legal name.
        for alias in aliases if not known else []:
            if " " in alias and ("name", alias.lower()) in player_index:
                known = player_index[("name", alias.lower())]
                break
        same_nation = known and (not known[4] or not nationality or known[4] == nationality)
        same_birth = known and (not known[6] or not r["birth_date"] or known[6] == r["birth_date"])
        same_person = known and (same_nation or same_birth)
        if same_person and not same_birth:
            # Sources disagree on the day (1988-09-09 / 1988-12-09): keep only what they agree on.
            known[6] = known[6][:4] if known[6][:4] == r["birth_date"][:4] else ""
        if same_person:
            # The same person listed again by another source or after a transfer: one row with
            # every club, in the order the facts list them.
            known[4] = known[4] or nationality
            if club and club not in known[3].split("|"):
                known[3] = f"{known[3]}|{club}" if known[3] else club
            continue
        player_id = "player:" + slug(name)
        if player_id in player_index:
            player_id += "-" + slug(club_display(r["club"]) or "2")
            if player_id in player_index:
                continue
        aliases = player_aliases(name, aliases, nationality)
        row = [player_id, name, "|".join(aliases), club, nationality, r["position"], r["birth_date"]]
        players.append(row)
        player_index[player_id] = row
        # The season or squad the source lists the player in ("PL 2011/12", "World Cup 2010").
        season = re.search(r"\b(19|20)\d\d\b", r["source"])
        if season:
            sample_years[player_id] = int(season.group(0))
        # A full name given as an alias ("Gerard Piqué" for "Gerard Piqué Bernabéu") finds the
        # person too, when another source lists them under it.
        for form in [name] + [a for a in aliases if " " in a]:
            player_index.setdefault(("name", form.lower()), row)
    for r in csv.DictReader(open(FACTS / "worldcup-2014-players.csv", encoding="utf-8")):
        name = person_name(r["name"])
        nationality = nation_by_name.get(r["nation"], "")
        known = player_index.get(("name", name.lower()))
        if known:
            # The squad lists are the official record of a player's national team; the sample
            # sometimes lists a player under two ("Keylor Navas": Japan and Costa Rica).
            known[4] = nationality or known[4]
            club = club_ref(r["club"])
            if club and club not in known[3].split("|"):
                known[3] = f"{known[3]}|{club}" if known[3] else club
            continue
        player_id = "player:" + slug(name)
        if player_id in player_index:
            player_id += "-" + slug(r["nation"])
        aliases = "|".join(player_aliases(name, [], nationality))
        row = [player_id, name, aliases, club_ref(r["club"]), nationality, r["position"], ""]
        players.append(row)
        player_index[player_id] = row
        sample_years[player_id] = 2014
    common_word = norec_word_use(FACTS)
    add_people(players, sample_years, club_ref, nation_by_name, place_names(clubs, nation_by_name), common_word)
    # Swedish and Danish clubs are the neighbours' leagues Norwegian papers follow ("debuterte for
    # Örebro i Allsvenskan"), though no squad list of the facts names them.
    for r in openfootball_rows:
        name = fix_mojibake(r["name"])
        if r["country_or_file_code"] in NEIGHBOUR_COUNTRIES and not re.match(r"i+\)|.*//", name):
            forms = [name] + split_aliases(r["aliases"])
            city = fix_mojibake(r["city"])
            kept = [a for a in forms if neighbour_club_form(a, forms, city, common_word, club_by_key)]
            if club_display(name) in kept or club_key(name) in club_by_key:
                add_club(name, [a for a in kept if a != name], "", city)
    join_cut_clubs(clubs, players)
    # openfootball lists reserve sides after their club ("ii) 1. FC Nürnberg II") and an address
    # under a club's row: a reserve side is its club, an address no club.
    other_clubs = []
    for r in openfootball_rows:
        name = fix_mojibake(r["name"])
        base = re.sub(r"^i+\)\s*|\s+(II|III|B|U\d\d)$", "", name)
        if "//" not in name:
            other_clubs.append((club_by_key.get(club_key(base), club_by_key.get(club_key(name))), name))
    add_club_short_names(clubs, towns, common_word, other_clubs)
    countries_keep_their_norwegian_names(clubs, nations)
    write(OUT / "clubs.csv", ["id", "name", "aliases", "country", "city"], clubs)
    write(OUT / "players.csv", ["id", "name", "aliases", "club", "nationality", "position", "birth_date"], players)

    officials, seen = [], set()
    for r in csv.DictReader(open(FACTS / "officials_sample.csv", encoding="utf-8")):
        name = person_name(r["name"])
        if name in seen:
            continue
        seen.add(name)
        aliases = [a for a in split_aliases(r["aliases"]) if keep_alias(a, name) and not re.match(r"^[A-Z]\.? ", a)]
        surname = name.split()[-1]
        # A referee's surname is an alias unless it is a country ("Darren England").
        if r["role"] == "referee" and surname not in aliases and surname not in nation_by_name:
            aliases.append(surname)
        officials.append(["official:" + slug(name), name, "|".join(aliases), r["role"]])
    for name, aliases, role in MANUAL_OFFICIALS:
        officials.append(["official:" + slug(name), name, aliases, role])
    write(OUT / "officials.csv", ["id", "name", "aliases", "role"], officials)
    media = [["media:" + slug(name), name, "|".join(aliases + web_addresses(name, aliases, country)), country, kind]
             for name, aliases, country, kind in MEDIA]
    write(OUT / "media.csv", ["id", "name", "aliases", "country", "type"], media)
    organisations = [["organisation:" + slug(name), name, "|".join(aliases), country, kind]
                     for name, aliases, country, kind in ORGANISATIONS]
    write(OUT / "organisations.csv", ["id", "name", "aliases", "country", "type"], organisations)


if __name__ == "__main__":
    main()

"""The recall rules of the detector, each with the compatible pairs written to break it.

Every rule that lets two differently worded memories meet (one slot worded two ways, "we",
street addresses, more cities, denied amounts, news labels) comes with look-alikes that must
stay silent: someone else's slot, another scope, no announced change, a second memory sentence
the bare noun could refer to. A false deprecation is the worst failure, so the compatible block
is the larger one.
"""

from __future__ import annotations

import pytest

from festinger.core.contradiction import detect_contradiction


@pytest.mark.parametrize("existing,incoming", [
    # a bare "the flight" is the user's only in a one-sentence memory that announces the change
    ("The user's flight is at 7:40.", "Kevin's flight is now at 8:40."),
    ("The user's flight is at 7:40.", "The user's sister lands on Friday. The flight is now at 8:40."),
    ("The user's flight is at 7:40.", "The flight is at 8:40."),
    ("The user's rent is $1,500.", "The garage rent is now $150."),
    ("The user's train is at 9:15.", "Her train is now at 9:45."),
    # a neutral modifier is dropped only before a one-at-a-time head, and never changes the scope
    ("My go-to IDE for Python is PyCharm.", "My IDE for Rust is now RustRover."),
    ("My main monitor is 27 inches.", "My monitor is now 32 inches."),
    ("The user's work email is a@acme.com.", "My email is now b@gmail.com."),
    ("The user's favorite color is blue.", "The color is now red."),
    ("The user's shell is zsh.", "The default shell is now bash."),
    ("The user's main editor is Vim.", "The user's backup editor is now Nano."),
    # "we" may be two groups: never the user, and only an announced change joins two "we"s
    ("We use Slack.", "We don't use Slack."),
    ("The user uses Slack.", "We don't use Slack anymore."),
    ("We use Slack.", "The user doesn't use Slack anymore."),
    ("We use Slack.", "We use our own Mattermost now."),
    ("The user's team uses Jira.", "We stopped using Jira."),
    # the agent writing about itself in the first person is not the user
    ("The user's name is Alice.", "My name is Agent Zero."),
    ("The user's name is Alice.", "I am the assistant, my name is Nova."),
    # a switch to a known tool fills the slot of its kind only when it is a switch, of that subject
    ("The user's editor is VS Code.", "The user now uses Vim."),
    ("The user's IDE is PyCharm.", "I switched to Neovim for quick edits."),
    ("The user's editor is VS Code.", "The user's team switched to Neovim."),
    ("The user's shell is zsh.", "I switched to Python for scripting."),
    # units converted between systems are rounded
    ("The user weighs 70 kg.", "The user weighs 154 lbs."),
    ("The user's weight is 70 kg.", "I weigh 154 lb now."),
    # one city spelled two ways; a district in brackets only narrows the place
    ("The user lives in Malmö.", "The user lives in Malmo."),
    ("The user lives in Berlin (Mitte).", "The user lives in Berlin."),
    ("The user lives in Yokohama.", "The user works in Tokyo."),
    ("The user lives in Cambridge.", "The user lives in Boston."),
    ("The user lives in Espoo.", "The user lives in Helsinki."),
    ("The user lives in Perth.", "The user now lives in Scotland."),
    # street addresses: another person's, another kind, the same one written out
    ("The user's address is 12 Elm Street.", "The user's work address is 1 Market Street."),
    ("The user's parents live at 40 Oak Avenue.", "The user lives at 12 Elm Street."),
    ("The user lives at 10 Main St, Springfield.", "The user lives in Springfield."),
    ("The user's address is 9 Elm Road.", "The user's address is 9 Elm Rd, Flat 2."),
    ("The user's email address is ana@example.com.", "The user's address is 9 Elm Road."),
    # phone numbers: digits are the value; two numbers may both hold until a change is announced
    ("The user's phone number is +49 170 1234567.", "The user's phone number is +49 171 7654321."),
    ("The phone number is +1 415 555 0123.", "The phone number is (415) 555-0123."),
    ("The user's phone number is +49 30 1234567.", "The user's phone number is now 030 1234567."),
    ("The user's phone number is 555 0100.", "The user's fax number is now 555 0101."),
    ("The user's phone is a Pixel 6.", "The user's phone number is now 555 0199 123."),
    # dates: only a one-date-a-year key, and the same day written another way
    ("The user's birthday is March 5.", "The user's wedding anniversary is May 3."),
    ("The user's birthday is 5 March 1990.", "The user's birthday is March 5th."),
    ("The user's flight is on March 5.", "The user's flight is on March 12."),
    ("The user's birthday is March 5.", "The user's son's birthday is May 3."),
    # a correction fragment before a clause corrects that clause only, and only its own slot
    ("The user's daughter is Anna.", "Not Anna but Hanna - the user's niece is Hanna."),
    ("The user drives a Mazda.", "It's a Honda, not a Mazda - the user's wife drives a Honda."),
    ("The user's son is Leo.", "Sorry, wrong chat - the user's son is Max."),
    ("The user drives a Mazda.", "Not a Mazda but a Honda. The user's neighbour drives a Honda."),
    ("The user likes tea.", "Oops, typo - the user likes green tea."),
    # "sold X and now drives Y": only for the same subject, and never after a condition or a plan
    ("The user drives a Golf.", "If the user sold the Golf and now drove a Skoda, the insurance would drop."),
    ("The user drives a Golf.", "The user's son sold his bike and now drives a Skoda."),
    ("The user drives a Golf.", "The user might sell the Golf and now drives a Skoda on weekends."),
    # ", and <the user>" starts a clause of its own, but never out of a condition or a quote
    ("The user lives in Oslo.", "If the user gets the job in Bergen, and the user moves there, the user lives in Bergen."),
    ("The user lives in Oslo.", 'Tom wrote "I moved last year, and I live in Rome now".'),
    ("The user lives in Oslo.", "The user's sister moved to Rome, and her husband now lives in Rome too."),
    # "After the <change>," says what holds since, of the slot the sentence names
    ("The page load time is 3.2 seconds.", "After the CDN change, the admin page load time is 1.1 seconds."),
    ("The API port is 8080.", "After the migration, the API port on staging is 8081."),
    ("The user lives in Oslo.", "After the move, the user's sister lives in Bergen."),
    ("The user lives in Oslo.", "After the wedding in Bergen, the user flew home."),
    # "the user's employer" is where the user works; an office or a site of it is no new employer
    ("The user's employer is Siemens.", "The user now works at the Munich office."),
    ("The user works at Siemens.", "The user now works at the Berlin site."),
    ("The user works at Siemens.", "The user's wife's employer is now Bosch."),
    ("The user's employer is Siemens.", "The user works at Bosch on weekends."),
    # "the X was raised/changed to Y": that X only
    ("The user's wifi password is hunter2.", "The guest wifi password changed to hunter3."),
    ("The API rate limit is 100 req/min.", "The admin API rate limit was raised to 500 req/min."),
    ("The user's wifi password is hunter2.", "The user's sister's wifi password changed to hunter3."),
    ("The user's rent is $1,500.", "The rent was raised to $1,700 at the user's old flat."),
    ("The user's phone is an iPhone 13.", "The user's work phone is now an iPhone 15."),
    # an amount of a habit ("earns $90,000") is replaced only by an announced change, in the same scope
    ("The user earns $90,000.", "The user earns $105,000."),
    ("The user earns $90,000.", "The user's wife now earns $105,000."),
    ("The user pays $1,200 in rent.", "The user now pays $300 for parking."),
    ("The user sleeps 7 hours a night.", "The user now sleeps 9 hours on weekends."),
    ("The user has 2 kids.", "The user's sister now has 3 kids."),
    ("The rent is $2,000 per month.", "The rent is 2k USD a month."),
    ("The user's salary is $90k.", "The user's salary is $90,000."),
    ("The user is married.", "The user's sister is divorced."),
    # a denied amount denies only that amount of that slot
    ("The user's son is 9.", "The user's daughter is 10, not 9."),
    ("The user's rent is $1,500.", "The user's rent is $1,500, not $1,650."),
    # "the port for the web UI" is the web UI port, never the API port
    ("The port for the web UI is 8080.", "The port for the API is now 9090."),
    ("The user's budget for the trip is $3,000.", "The user's budget for the wedding is now $9,000."),
    # a habit's day and time belong to that habit's key
    ("The weekly meeting is on Mondays at 15:00.", "The monthly meeting is on Wednesdays at 11:00 now."),
    ("The weekly meeting is on Mondays at 15:00.", "The weekly meeting is on Mondays at 15:00 now."),
    # an amount something stands at
    ("The user's emergency fund is at $9,500.", "The user's brother's emergency fund is at $2,000 now."),
    ("The user's savings are at $9,500.", "The user's savings rate is at 15% now."),
    # "does X" and "stopped doing X" are about that subject only
    ("The user does CrossFit.", "The user's sister stopped doing CrossFit."),
    ("The user does yoga.", "The user stopped doing yoga on Sundays."),
    # a label that scopes still scopes; one that reports news does not
    ("The API port is 8080.", "Password protected: the API port is 8443."),
    ("The API port is 8080.", "Staging changed: the API port is 8081."),
    ("The API port is 8080.", "Staging change: the API port is 8081."),
    # "moved to" a place: people live there, things are there; neither is a visit
    ("The office is in Leeds.", "The user moved the meeting to Manchester."),
    ("The user lives in Leeds.", "The office moved to Manchester."),
    # a job title is a name-like class of the user only; a lower-case "title" is something else
    ("The user's title is Senior Engineer.", "The user's manager is now a Staff Engineer."),
    ("The user's title is Senior Engineer.", "The user is a Staff Engineer on Tuesdays."),
    ("The user's title is a mouthful.", "The user is now a Staff Engineer."),
    ("The user's title is Senior Engineer.", "The user's wife was promoted to Staff Engineer."),
    ("The user's title is Senior Engineer.", "The user is now a Senior Engineer II."),
    # a headline that names a thing opens context for a bare "The X" after it
    ("The price is $300.", "Old laptop for sale. The price is now $250."),
    ("The API base URL is https://a.example.com.", "Sofa delivered. The delivery date is now May 3."),
    # "new" announces a replacement only for a one-at-a-time setting
    ("My laptop is a ThinkPad.", "My new laptop is a MacBook."),
    # an adjective and its object: one may be allergic to several things, fluent in several languages
    ("The user is allergic to cats.", "The user is allergic to dogs."),
    ("The user is fluent in Spanish.", "The user is fluent in French now."),
    ("The user is allergic to penicillin.", "The user's son is not allergic to penicillin."),
    ("Dark mode is enabled in the admin panel.", "Dark mode is enabled in the user settings."),
    # another employer only through an announced change, never a part of the same one
    ("The user works at Google.", "The user works at Stripe."),
    ("The user works at Google.", "The user now works at Google Cloud."),
    ("The user works at Google.", "The user's wife now works at Stripe."),
    # from an event on, which may not have happened yet
    ("The default branch is master.", "The default branch is main after Friday's cutover, not master."),
    ("The user's gym is PureGym.", "The user's gym is Anytime Fitness once the lease ends."),
    # a news label scopes what it reports on unless it names the slot: "Lent update:" is Lent's diet
    ("The user eats meat.", "Lent update: The user doesn't eat meat."),
    ("The user's editor is VS Code.", "Hackathon update: The user's editor is Zed."),
    ("The user stays at the Marriott.", "Berlin trip update:\n- The user stays at the Hilton now."),
    ("The user's son is 9.", "Birthday news: my son is 10, not 9."),
    # a lead clause of the user's passes its clause through only when it announces a change
    ("The user lives in Boston.", "I imagine: I live in Paris."),
    ("The user's name is Tom.", "The user joked: My name is Batman."),
    ("The user's name is Priya.", "The user told the scammer: My name is Bob."),
    # two values that may both hold need an announced change
    ("The user's doctor is Dr. Okafor.", "The user's doctor is Amara."),
    ("The user's name is Juan.", "The user's name is John."),
    ("User's employer: Meta", "User's employer: Instagram"),
    ("The user's bank is Chase.", "The user's bank is Ally."),
    ("The user's email is ana@work.example.", "The user's email is ana@home.example."),
    ("The user's shoe size is 10.", "The user's shoe size is 44."),
    ("The user is from Korea.", "The user is from Los Angeles."),
    ("User's native language: Mandarin", "User's native language: Chinese"),
    ("The user is a Software Engineer.", "The user is now a US Citizen."),
    ("The user's title is Product Manager.", "The user is now a Certified Scrum Master."),
    ("The user's city is Berlin.", "The user's favourite city is now Lisbon."),
    # one thing written two ways, and habits beside each other
    ("The user's favourite season is autumn.", "The user's favourite season is fall."),
    ("The user's favourite colour is grey.", "The user's favourite colour is actually gray."),
    ("The user works at IBM.", "The user now works at International Business Machines."),
    ("The user lives in Saigon.", "The user lives in Ho Chi Minh City."),
    ("The user's SSD is 1 TB.", "The user's SSD is 931 GB."),
    ("The user's native language is Hindi.", "The user's native language is English."),
    ("The server's IP is 10.0.0.5.", "The server's IP is 203.0.113.7."),
    ("The user works from home.", "The user works from the office Tuesdays, not home."),
    ("The user's OS is Linux.", "The user switched to Arch Linux."),
    ("The server's hostname is web01.", "The server's hostname is web01.example.com."),
    # a denial with a scope after it replaces the old value only there
    ("User drinks coffee.", "User drinks tea rather than coffee at work."),
    ("User uses Python.", "User uses Go, not Python, for the CLI."),
    ("User likes tea.", "User likes coffee instead of tea on Mondays."),
    ("User uses Slack.", "User no longer uses Slack for work."),
    ("User uses Notion.", "User stopped using Notion for work."),
    # a product against what runs on it, unless a switch says one replaced the other
    ("User's database: Postgres.", "User's database is now Supabase."),
    ("User's editor: Neovim.", "Actually, the user's editor is LazyVim."),
    # a later sentence that scopes the first
    ("User lives in Leeds. That was until 2019.", "User lives in York, not Leeds."),
    ("User lives in Leeds.", "User lives in York. Only during the week."),
    # whose move, whose quitting; a place one leaves is not an employer
    ("The user works at Stripe.", "The user's wife quit Stripe."),
    ("The user lives in Leeds.", "The user left Leeds."),
    ("The user lives in Denver.", "The user's parents moved from Denver to Austin."),
    ("The user uses Notion.", "The user mentioned that his sister no longer uses Notion."),
    ("The standup is on Tuesdays.", "The retro was moved to Thursday."),
    # a named old value ends only what the user held, as held, and only in its scope
    ("The user likes Python.", "The user switched from Python to Go."),
    ("User's editor: VS Code.", "User's sister switched from VS Code to Neovim."),
    ("User's editor: VS Code.", "User switched from VS Code to Neovim for Rust."),
    ("User's city: Bristol.", "User's city of birth: Cardiff (moved away since)."),
    ("User's parents live in Denver.", "The user moved from Denver to Austin."),
    ("User's company is headquartered in Austin.", "The user moved from Austin to Denver."),
    ("User's hometown: Leeds.", "The user moved from Leeds to London."),
    ("User's tool: Docker.", "User's tool: Terraform (started using it in Q3)."),
    ("User's editor: VS Code.", "User's editor: Cursor (switched for side projects)."),
    # a count written out is a count of that thing, of that owner, in that scope
    ("The user has two kids.", "The user has three grandkids."),
    ("The user has two cats.", "The user's sister has three cats."),
    ("The user has two kids from a first marriage.", "The user has three kids."),
    ("The user has two monitors at work.", "The user has three monitors."),
    ("The user has two cats.", "The user had three cats."),
    ("The user has two cats.", "If the user adopts one more, the user has three cats."),
    ("The user's commute takes 30 minutes.", "The user's commute now takes 45 minutes in winter."),
    ("The user drinks coffee.", "The user is pregnant. The user no longer drinks coffee."),
    ("The user runs three times a week.", "The user runs two times a week in winter."),
    ("The user drinks coffee.", "The user no longer drinks coffee at work."),
    ("The user drinks coffee at work.", "The user doesn't drink coffee at home."),
    ("The user drinks coffee at work.", "The user's wife no longer drinks coffee."),
    ("The user's editor is Vim.", "The user's wife's new editor is Emacs."),
])
def test_look_alikes_of_each_recall_rule_stay_compatible(existing, incoming):
    got = detect_contradiction(existing, incoming)
    assert got is None, got


@pytest.mark.parametrize("existing,incoming,kind", [
    ("The user's train is at 9:15.", "Correction: the train is at 9:45.", "correction"),
    ("The user's dentist appointment is on Tuesday.", "No, the dentist appointment is on Thursday.", "correction"),
    ("The user's go-to shell is zsh.", "My shell is fish now.", "value"),
    ("My primary email is ana@old.com.", "The user's email is now ana@new.com.", "value"),
    ("The user's offer is $120,000.", "The revised offer is $131,000.", "value"),
    ("The user's Wi-Fi password is tulip7.", "The correct Wi-Fi password is tulip8.", "value"),
    ("My work laptop is a ThinkPad X1.", "The user's work laptop is now a MacBook Air.", "value"),
    ("We deploy with Capistrano.", "We no longer deploy with Capistrano.", "negation"),
    ("The project's database is MySQL.", "The project switched to Postgres.", "value"),
    ("The user's editor is Sublime Text.", "I switched to Zed.", "value"),
    ("The trip budget is $3,000.", "We increased the trip budget to $4,500.", "value"),
    ("User's node version: 16.", "User upgraded node to 20.", "value"),
    ("User's phone: +1 212 555 0147", "User's phone number changed: +1 646 555 0199", "value"),
    ("The user's dog is Rex.", "Not Rex but Rox - the user's dog is Rox.", "correction"),
    ("The user drives a Jeep.", "The user sold the Jeep and now drives a Ford Bronco.", "value"),
    ("The user's gym is FitX.", "The user switched gyms to McFit.", "value"),
    ("The user earns $90,000.", "The user now earns $105,000.", "value"),
    ("The user pays $1,200 in rent.", "The user now pays $1,350 in rent.", "value"),
    ("The user has 2 kids.", "The user now has 3 kids.", "value"),
    ("The user's savings are $20,000.", "The user's savings grew to $25,000.", "value"),
    ("The user's salary is $90k.", "The user's salary went from $90k to $105k.", "value"),
    ("The user is married.", "The user is divorced now.", "value"),
    ("The API rate limit is 100 req/min.", "The API rate limit was raised to 200 req/min.", "value"),
    ("The user's wifi password is hunter2.", "The wifi password changed to hunter3.", "value"),
    ("The user's phone is an iPhone 13.", "The user's phone is now an iPhone 15.", "value"),
    ("The user's employer is Siemens.", "The user left Siemens and now works at Bosch.", "value"),
    ("I work at Acme.", "The user's new employer is Globex.", "value"),
    ("The user works at Uber.", "The user quit Uber and now works at Bank of America.", "value"),
    ("The build takes 12 minutes.", "After the cache upgrade, the build takes 4 minutes.", "value"),
    ("The user drives a Mazda.", "It's a Subaru, not a Mazda - the user drives a Subaru.", "correction"),
    ("The user's phone number is 555-0182.", "Sorry, I gave the wrong number - my phone number is 555-0128.",
     "correction"),
    ("The user's birthday is June 14.", "The user's birthday is June 4, not June 14.", "value"),
    ("My phone number is 0171 2345678.", "My phone number is now +49 160 9876543.", "value"),
    ("Our office is in Leeds.", "Our office moved to Manchester.", "value"),
    ("The user lives at 14 Rose Street.", "The user moved to 3 Harbour Road.", "value"),
    ("The user's address is 5 Mill Lane.", "My address is 22 Quay Street now.", "value"),
    ("The user weighs 82 kg.", "I weigh 78 kg now.", "value"),
    ("The user's rent is $1,500.", "Rent is $1,650, not $1,500.", "correction"),
    ("The user's son is 9.", "My son is 10, not 9.", "correction"),
    ("The user lives in Sacramento.", "I live in Milwaukee now.", "value"),
    ("User lives in Munich (Schwabing).", "User moved to Hamburg.", "value"),
    ("The user's home is in Leeds.", "The user just moved to York.", "value"),
    ("The user's parents live in Leeds.", "The user's parents moved to Bristol.", "value"),
    ("The user's port for the dashboard is 3000.", "The user changed the dashboard port to 3100.", "value"),
    ("The standup is on Mondays at 9:30.", "The standup is on Tuesdays at 9:30 now.", "value"),
    ("The user's savings are $6,000.", "The savings are at $9,500 now.", "value"),
    ("The user does pilates.", "User stopped doing pilates.", "negation"),
    ("The user's checkout time is 11:00.", "Late checkout confirmed: the user's checkout time is 13:00.", "value"),
    ("The user's title is Senior Engineer.", "The user is now a Staff Engineer.", "value"),
    ("The user's job title is Senior Engineer.", "I got promoted to Engineering Manager.", "value"),
    ("The API base URL is https://api.old.example.com.",
     "Migration done. The API base URL is now https://api.example.com.", "value"),
    ("My shell is bash.", "My new shell is zsh.", "value"),
    ("The user is allergic to penicillin.", "The user is not allergic to penicillin.", "negation"),
    ("I am afraid of flying.", "The user is no longer afraid of flying.", "negation"),
    ("The user works at Google.", "The user now works at Stripe after leaving Google.", "value"),
    ("The user's bank is Chase.", "The user switched banks to Ally.", "value"),
    ("The user's doctor is Dr. Okafor.", "The user's doctor is now Dr. Mensah.", "value"),
    ("The user's shoe size is 10.", "The user's shoe size is now 11.", "value"),
    ("The user's manager is Tom Becker.", "The user's manager is Sarah Klein.", "value"),
    ("The batch size is 32.", "The batch size is 64.", "value"),
    ("The user lives in Denver.", "The user moved from Denver to Austin last month.", "correction"),
    ("User's city: Munich", "The user moved from Munich to Berlin.", "correction"),
    ("My home city is Melbourne.", "I now live in Perth.", "value"),
    ("The dentist appointment is on Tuesday.", "The dentist appointment was rescheduled to Thursday.", "value"),
    ("The user works at Stripe.", "The user quit Stripe.", "negation"),
    ("The user uses Notion.", "The user mentioned that they no longer use Notion.", "negation"),
    ("User's email: anna@example.com", "User's email has changed to anna@newmail.com.", "value"),
    ("User's editor: VS Code.", "User switched from VS Code to Neovim.", "correction"),
    ("User's database: PostgreSQL.", "User migrated the database from PostgreSQL to MySQL.", "correction"),
    ("User's bank: HSBC.", "User moved all accounts from HSBC to Monzo.", "correction"),
    ("User's city: Bristol.", "User's city: Cardiff (moved last month).", "value"),
    ("The user has two kids.", "The user has three kids.", "value"),
    ("The team has five engineers.", "Correction: the team has six engineers.", "correction"),
    ("The user is pregnant.", "The user is not pregnant.", "negation"),
    ("The user is allergic to peanuts.", "The user is not allergic to peanuts; it was a misdiagnosis.", "negation"),
    ("The user has two children.", "The user has three children.", "value"),
    ("The user drinks coffee at work.", "The user no longer drinks coffee.", "negation"),
    ("The user's favorite IDE is PyCharm.", "The user has switched to VS Code as their main IDE.", "value"),
])
def test_each_recall_rule_detects_the_update(existing, incoming, kind):
    got = detect_contradiction(existing, incoming)
    assert got is not None and got.kind == kind, got

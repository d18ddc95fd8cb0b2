"""The recall rules added after the twelfth attack's everyday updates, each with its look-alikes
written before the rule: the pairs it must leave alone (someone else's change, a plan, a
hypothetical, history with a year, a second thing of the same kind, a scope, a refinement,
reported speech, a question) and the updates it must catch, most of them in words no shipped set
uses."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.jobchange import job_left
from tests.core.detector_checks import caught, silent

# --- jobchange: the user left the stored employer -------------------------------------------------

JOB_LOOKALIKES = [
    ("User works at Acme.", "User's wife left Acme and joined Globex."),  # someone else
    ("User works at Acme.", "Tom left Acme and joined Globex last week."),
    ("User works at Acme.", "User plans to leave Acme and join Globex."),  # a plan
    ("User works at Acme.", "User might leave Acme for a job at Globex."),
    ("User works at Acme.", "If the user left Acme, they would join Globex."),  # hypothetical
    ("User works at Acme.", "User left Acme in 2015 and joined Globex."),  # history with a year
    ("User works at Acme Corp.", "User left Acme Labs and joined Globex."),  # another company
    ("User works at Acme.", "User left Acme's Berlin office and joined the Munich team."),  # a part of it
    ("User works at Acme.", "User left Acme for Christmas."),  # not a job
    ("User works at Acme.", "User left Acme for the day."),
    ("User works at Acme.", "Tom said the user left Acme and joined Globex."),  # reported speech
    ("User works at Acme.", "Did the user leave Acme and join Globex?"),  # a question
    ("User works at Acme.", "User left Acme and rejoined it a year later."),  # unread tail
    ("User works at Google.", "User quit Google and now uses DuckDuckGo."),  # the product
    ("User works at Twitter.", "User left Twitter last month."),  # the platform or the job
    ("User's brother works at Acme.", "User left Acme and joined Globex."),  # not the user's job
    ("User worked at Acme.", "User left Acme and joined Globex."),  # stored history
    ("User is a member at Equinox.", "User left Equinox and joined Planet Fitness."),  # not a job
    ("User is a patient at St. Mary's.", "User left St. Mary's last week."),
    ("User is a speaker at PyCon.", "User left PyCon early."),
    ("User works at Acme.", "User almost left Acme for a job at Globex."),
    ("User works at Acme.", "User left Acme a voicemail."),
    ("User works at Acme.", "User left Acme and is now a member at Globex Gym."),
]

JOB_CATCHES = [
    ("User's company: Acme Corp.", "User left Acme Corp and joined Globex."),
    ("The user is a nurse at St. Mary's.", "The user left St. Mary's and is now a nurse at Royal Free."),
    ("The user's company is Initech.", "The user left Initech for a job at Hooli."),
    ("The user is a software engineer at Google.", "The user quit Google and is now self-employed."),
    ("The user works at Stripe.", "The user quit Stripe and is currently unemployed."),
    ("The user works for Deloitte.", "The user left Deloitte and is no longer employed there."),
    ("The user works at Microsoft.", "The user left Microsoft and no longer works there."),
    # not from the sets
    ("I work as a data engineer at Stripe.", "I left Stripe last month and joined Airbnb."),
    ("My employer is Northwind Traders.", "I quit Northwind Traders and I'm now a teacher at Hillview."),
    ("User is a barista at Blue Bottle.", "User has left Blue Bottle, and is now working at Tartine."),
    ("User is employed by Contoso Ltd.", "User recently left Contoso and started a new job at Fabrikam."),
    ("The user works at Umbrella Inc.", "The user just quit Umbrella and is retired."),
    ("User works at Hooli as a designer.", "User left Hooli for a new role at Pied Piper."),
    ("User works at Initech.", "User left Initech two weeks ago and doesn't work there anymore."),
]


@pytest.mark.parametrize("existing,incoming", JOB_LOOKALIKES)
def test_job_change_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", JOB_CATCHES)
def test_job_change_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    # an older rule (rephrase's "left X and joined Y") reads these; the job rule itself does not
    ("User works at Acme.", "User left Acme and joined Acme again."),  # a rejoin
    ("User lives in London.", "User left London and joined Globex."),  # not an employer
    ("User works at Acme and Globex.", "User left Acme and joined Initech."),  # two employers
    ("User works for Lloyds.", "User left Lloyds and joined Starling."),  # a customer's switch (attack 15)
    ("User works at Heathrow.", "User left Heathrow and joined Gatwick."),
])
def test_the_job_rule_itself_refuses(existing, incoming):
    assert job_left(existing, incoming) is None


# --- possessions: the user's one thing sold or replaced -------------------------------------------

POSSESSION_LOOKALIKES = [
    ("User drives a Toyota Corolla.", "User's wife sold the Corolla."),  # someone else
    ("User drives a Toyota Corolla.", "Tom sold the Corolla and bought a Mazda 3."),
    ("User drives a Toyota Corolla.", "User is selling the Corolla."),  # in progress: still has it
    ("User drives a Toyota Corolla.", "User wants to sell the Corolla and buy a Mazda 3."),  # a plan
    ("User drives a Toyota Corolla.", "If the user sold the Corolla, they would buy a Mazda."),
    ("User drives a Toyota Corolla.", "User sold the Corolla in 2015."),  # history with a year
    ("User drives a Toyota Corolla.", "User sold his old Corolla and kept the new one."),  # another one
    ("User drives a Toyota Corolla.", "User sold a Corolla to a customer."),  # a dealer's sale
    ("User drives a Toyota Corolla.", "User sold the Civic."),  # another car
    ("User drives a Toyota Corolla.", "User replaced the Corolla's tyres."),  # a part of it
    ("User's laptop is a MacBook Pro.", "User replaced the MacBook Pro keyboard with a Keychron."),
    ("User's phone is an iPhone 14.", "User sold the iPhone 12."),  # another model
    ("User has Tesla stock.", "User sold the Tesla."),  # stock is not the car
    ("User's phone is an iPhone 15.", "User replaced the iPhone with an iPhone 15."),  # the stored one is the new
    ("User drives a Toyota Corolla.", "User sold the Corolla to his brother."),  # unread tail
    ("User drives a Toyota Corolla.", "User sold the Corolla and bought it back."),
    ("User drives a Toyota Corolla.", "Tom said the user sold the Corolla."),  # reported speech
    ("User drives a Toyota Corolla.", "Did the user sell the Corolla?"),  # a question
    ("User uses a ThinkPad at work.", "User replaced the ThinkPad with a MacBook."),  # stored with a scope
    ("User owns a Corolla and a Civic.", "User sold the Corolla."),  # two things
    ("User's laptop is a ThinkPad.", "User replaced the ThinkPad."),  # replaced: the battery?
    ("User's laptop is a ThinkPad.", "User replaced the ThinkPad battery."),
    ("User's brother drives a Toyota Corolla.", "User sold the Corolla."),  # not the user's
    ("User drove a Toyota Corolla.", "User sold the Corolla and bought a Mazda 3."),  # stored history
]

POSSESSION_CATCHES = [
    ("User's car: Honda Civic.", "User sold the Honda Civic and now drives a Tesla."),
    ("I drive a 2018 Toyota Corolla.", "I sold the Corolla and bought a Mazda 3."),
    ("User's laptop is a ThinkPad X1 Carbon.", "User replaced their ThinkPad with a MacBook Air."),
    ("User has an iPhone 14.", "User replaced their iPhone 14 with a Pixel 8."),
    ("User drives a 2018 Mazda 3.", "User sold the Mazda and doesn't have a car anymore."),
    # not from the sets
    ("My phone is a Samsung Galaxy S21.", "I traded in the Galaxy S21 for a Pixel 9 last week."),
    ("The user rides a Trek Domane.", "The user sold the Trek recently."),
    ("User owns a Nintendo Switch.", "User gave away the Switch."),
    ("The user's main laptop is a Dell XPS 13.", "The user got rid of the XPS and bought a Framework 13."),
    ("I have a Volkswagen Golf.", "I just scrapped my Golf, and now drive a Skoda Octavia."),
    ("User's watch: Apple Watch Series 7.", "User sold the Apple Watch in May."),
    ("The user's camera is a Canon EOS R6.", "The user has sold the Canon."),
]


@pytest.mark.parametrize("existing,incoming", POSSESSION_LOOKALIKES)
def test_possession_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", POSSESSION_CATCHES)
def test_possession_ended_is_caught(existing, incoming):
    caught(existing, incoming)


# --- migration: the same subject moved off exactly its stored value ------------------------------

MIGRATION_LOOKALIKES = [
    ("Project Atlas uses PostgreSQL.", "Project Borealis migrated from PostgreSQL to MySQL."),  # another subject
    ("The project uses PostgreSQL.", "We migrated the staging DB from PostgreSQL to MySQL."),  # a part
    ("We use Jenkins for CI.", "We moved from Jenkins to GitHub Actions for the side project."),  # a scope
    ("We use Jenkins.", "We plan to move from Jenkins to GitHub Actions."),  # a plan
    ("We use Jenkins.", "We might switch from Jenkins to GitHub Actions."),
    ("We use Jenkins.", "Should we move from Jenkins to GitHub Actions?"),  # a question
    ("We use Jenkins.", "Tom said we moved from Jenkins to GitHub Actions."),  # reported speech
    ("We use Jenkins.", "The Acme team migrated from Jenkins to GitHub Actions."),  # someone else
    ("The project uses PostgreSQL.", "We migrated from MySQL to PostgreSQL."),  # not the stored old value
    ("User's favourite editor: Vim.", "User switched from Vim to Emacs."),  # a taste
    ("User's hometown: Leeds.", "User moved from Leeds to London."),  # history, a home
    ("User's manager: Priya.", "User switched from Priya to Tom."),  # a person
    ("We use Jenkins and CircleCI.", "We moved from Jenkins to GitHub Actions."),  # two values
    ("The frontend uses React.", "The frontend moved from React 17 to React 18."),  # a refinement
    ("The project uses AWS.", "The project moved from Amazon to AWS."),
    ("The VPS is hosted on Hetzner.", "We moved the database from Hetzner to DigitalOcean."),  # another thing
    ("The user uses Python.", "The user switched from Python to Go for the backend."),  # a scope
    ("User's editor: VS Code.", "User's brother switched from VS Code to Neovim."),
    ("The app runs on Heroku.", "The app migrated from Heroku to Fly.io in 2019."),  # history with a year
    ("We use Slack.", "We moved from Slack to Teams and back."),  # unread tail
    ("The website is hosted on Netlify.", "The blog moved from Netlify to Vercel."),  # another subject
]

MIGRATION_CATCHES = [
    ("Project Atlas uses PostgreSQL as the main database.", "Project Atlas migrated from PostgreSQL to MySQL."),
    ("We use Jenkins for CI.", "We've moved CI from Jenkins to GitHub Actions."),
    ("The VPS is hosted on Hetzner.", "We moved the VPS from Hetzner to DigitalOcean."),
    ("User's password manager: LastPass.", "User migrated from LastPass to Bitwarden."),
    # not from the sets
    ("Our backend runs on Heroku.", "The backend migrated from Heroku to Render last month."),
    ("The team uses Jira.", "The team switched from Jira to Linear."),
    ("We deploy with Capistrano.", "We switched from Capistrano to Kamal."),
    ("User's package manager: npm.", "User switched from npm to pnpm."),
    ("The website is hosted on Netlify.", "We moved the website from Netlify to Vercel."),
    ("The API is deployed on AWS.", "We recently migrated the API from AWS to GCP."),
    ("The docs site is built with Sphinx.", "The docs site build moved from Sphinx to MkDocs."),
]


@pytest.mark.parametrize("existing,incoming", MIGRATION_LOOKALIKES)
def test_migration_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", MIGRATION_CATCHES)
def test_migration_is_caught(existing, incoming):
    caught(existing, incoming)


# --- per_period: an amount of money per period, in the key or after the amount --------------------

PERIOD_LOOKALIKES = [
    ("User's monthly rent is $2,100.", "User's rent is now $25,200 a year."),  # another period (same amount)
    ("User's monthly rent is $2,100.", "User's weekly rent is now $500."),
    ("User's monthly rent is $2,100.", "User's rent is now $2,300 a month in Berlin."),  # a scope
    ("User's monthly rent is $2,100.", "User's sister's rent is now $2,300 a month."),  # someone else
    ("The user's monthly budget is $500.", "The user's budget is $200 a week."),
    ("User's monthly rent is $2,100.", "User's rent was $1,900 a month in 2020."),  # history
    ("User's monthly rent is $2,100.", "User's rent might go up to $2,300 a month."),  # a plan
    ("User's monthly rent is $2,100.", "Is the user's rent now $2,300 a month?"),  # a question
    ("User's monthly rent is $2,100.", "Tom's rent is $2,300 a month."),
    ("User's monthly rent is $2,100.", "User's parking is now $150 a month."),  # another slot
    ("User's daily budget is $50.", "User's budget is $300 a week now."),
    ("User's annual salary is $90,000.", "User's bonus is now $9,000 a year."),
    ("User's monthly rent is $2,100.", "User's rent is now $2,100 a month."),  # the same value
    ("User's monthly rent is $2,100.", "The user's monthly rent for the studio is $900."),  # a scope
    ("The gym membership is $40 a month.", "The gym membership is $400 a year."),
    ("User's monthly rent is £2,100.", "User's rent is now 2,300 kr a month."),  # a currency not read
]

PERIOD_CATCHES = [
    ("User's monthly rent is $2,100.", "User's rent went up to $2,300 a month."),
    # not from the sets
    ("The user's weekly budget is $200.", "The user's budget is now $250 a week."),
    ("User's annual salary is $90,000.", "User's salary is now $95,000 per year."),
    ("User's yearly salary is €60,000.", "User's annual salary is now €64,000."),
    ("My monthly phone bill is £30.", "My phone bill went up to £35 a month."),
    ("The user's rent is $1,500 a month.", "The user's monthly rent is now $1,650."),
]


@pytest.mark.parametrize("existing,incoming", PERIOD_LOOKALIKES)
def test_period_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", PERIOD_CATCHES)
def test_period_amount_change_is_caught(existing, incoming):
    caught(existing, incoming)


# --- narrowed after the fifteenth attack ----------------------------------------------------------

ATTACK15_LOOKALIKES = [
    # jobchange: a place left for the day, a unit of the same employer, a customer's switch
    ("User works at Schiphol.", "User left Schiphol this morning."),
    ("User works at Paddington.", "I left Paddington today."),
    ("User works at Ikea.", "User left Ikea yesterday."),
    ("User works at Marriott.", "User quit Marriott and is now working at Marriott Vacations."),
    ("User works at Siemens.", "User left Siemens and joined Siemens Healthineers."),
    # possessions: a maker of many kinds named alone, a company's services
    ("User's camera is a Nikon Z6.", "User sold the Nikon and bought a Brother."),
    ("User has a Panasonic Lumix G9.", "User got rid of the Panasonic and bought a Bosch."),
    ("User has a Samsung Galaxy Watch.", "User sold the Samsung and bought a Pixel 8."),
    ("User has an Apple Watch Ultra.", "User got rid of Apple and switched to Android."),
    ("User uses Microsoft Word.", "User got rid of Microsoft and now uses LibreOffice."),
    # migration and the statement path: a version, edition, flavour or layer of the old value
    ("The cluster runs on Kubernetes.", "The cluster migrated from Kubernetes to AKS."),
    ("The site uses React.", "The site migrated from React to Remix."),
    ("The service uses MySQL.", "The service migrated from MySQL to Aurora MySQL."),
    ("The box runs on Debian.", "The box migrated from Debian to Debian 12."),
    ("User uses Linux.", "User switched from Linux to Fedora."),
    ("User uses Node 20.", "User switched from Node 20 to Node 20.11."),
    ("User works at Bosch.", "User left Bosch and joined Bosch Rexroth."),
    # an aspect moved off a general platform; a stored scope a switch does not name
    ("The shop uses GitLab.", "The shop CI moved from GitLab to Buildkite."),
    ("The blog uses Netlify.", "The blog build moved from Netlify to Cloudflare."),
    ("I use Slack for school.", "I switched from Slack to Discord."),
    ("User uses Firefox for banking.", "User switched from Firefox to Brave."),
]

ATTACK15_CATCHES = [
    ("User works at Schiphol.", "User left Schiphol last month and now works at Heathrow."),
    ("User is a nurse at Guy's.", "User left Guy's and joined Barts."),
    ("User's employer is Initech.", "User left Initech and joined Hooli."),
    ("User drives a Subaru Outback.", "User sold the Subaru and now drives a Kia Niro."),
    ("User's laptop is an Asus Zenbook.", "User replaced the Asus with a MacBook Air."),
    ("User rides a Ducati Monster.", "User sold the Ducati last week."),
    ("The cluster runs on AKS.", "The cluster migrated from AKS to Nomad."),
    ("The site is hosted on Netlify.", "The site hosting moved from Netlify to Render."),
    ("The shop uses GitLab for CI.", "The shop CI moved from GitLab to Buildkite."),
    ("I use Slack for school.", "I switched from Slack to Discord for school."),
    ("The app uses PostgreSQL.", "The app migrated from PostgreSQL to MongoDB."),
]


@pytest.mark.parametrize("existing,incoming", ATTACK15_LOOKALIKES)
def test_attack15_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", ATTACK15_CATCHES)
def test_attack15_catches(existing, incoming):
    caught(existing, incoming)

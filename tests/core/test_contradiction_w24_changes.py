"""Updates said with a change verb that names the old value, or with an ending of the stored thing
(`named_end`, `held`): the catches, and the compatible look-alikes written for each rule before it
was called done (someone else, a second thing kept, a plan, a question, a hypothetical, old news, a
scope, a quote, a change undone)."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught as _caught, silent as _silent


# --- a replacement that names the old value ----------------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("I drive a 2014 Honda Civic.", "I traded in the Civic for a Toyota RAV4 hybrid."),
    ("The team uses Slack for chat.", "The team replaced Slack with Microsoft Teams this quarter."),
    ("Production servers run CentOS 7.", "We migrated the production servers from CentOS 7 to Rocky Linux 9."),
    ("Gym membership: Planet Fitness", "I switched my membership from Planet Fitness to the YMCA."),
    ("Major: biology", "I switched my major from biology to chemistry."),
    ("The user's PhD advisor is Prof. Meyer.", "The user switched advisors from Prof. Meyer to Prof. Halvorsen."),
    ("We use Jira.", "We replaced Jira with Linear."),
    ("I ride a Kawasaki Ninja.", "I swapped the Kawasaki Ninja for a Ducati Monster."),
])
def test_a_replacement_naming_the_stored_value_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    # someone else switched
    ("I drive a 2014 Honda Civic.", "My wife traded in the Civic for a Toyota RAV4."),
    ("The user uses VS Code.", "The user's brother switched from VS Code to Zed."),
    ("I use Firefox.", "I switched my son from Firefox to Chrome."),
    # a second thing kept beside the first, or only a part of what it serves moved
    ("The user uses Gmail.", "The user moved their newsletters from Gmail to Fastmail."),
    ("We use AWS.", "We moved the VPS from AWS to Hetzner."),
    ("The user uses VS Code.", "The user switched from VS Code to Zed when pairing."),
    ("We use PostgreSQL.", "We replaced PostgreSQL with SQLite locally."),
    ("The user uses Notion.", "The user replaced Notion with Obsidian for journaling."),
    # a plan, a question, a hypothetical
    ("The user uses VS Code.", "The user is thinking of switching from VS Code to Zed."),
    ("The user uses VS Code.", "Should the user switch from VS Code to Zed?"),
    ("The user uses VS Code.", "If the user switched from VS Code to Zed, the plugins would break."),
    ("I drive a Honda Civic.", "I might trade in the Civic for a RAV4."),
    # history before the stored fact, a scoped environment, a quote
    ("The user uses VS Code.", "The user switched from Vim to VS Code in 2019."),
    ("I use Chrome for work.", "I switched from Chrome to Firefox."),
    ("The user uses VS Code.", 'The user said "I switched from VS Code to Zed" in the talk.'),
    # undone, or a version of the same thing
    ("The user uses VS Code.", "The user switched from VS Code to Zed for a week, then went back."),
    ("We use Jenkins for CI.", "We moved CI from Jenkins to GitHub Actions but reverted."),
    ("The server runs Ubuntu.", "We migrated the server from Ubuntu to Ubuntu 24.04."),
    # a part of the stored name may be another product of the brand
    ("User drives a Mercedes C300", "User sold the Mercedes and bought a Mercedes GLC"),
    ("User has a Dyson V15", "User got rid of the Dyson and bought a Levoit"),
])
def test_replacement_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- an ending of the stored thing ---------------------------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("The user subscribes to Netflix.", "The user cancelled Netflix."),
    ("I have Amazon Prime.", "Prime is cancelled as of last week."),
    ("I ride a Vespa to work.", "I sold the Vespa; I take the bus now."),
    ("I have a parrot.", "I rehomed my parrot with a friend who has more space."),
    ("The user has a landline at home.", "The user got rid of the home landline."),
    ("I do CrossFit.", "I quit CrossFit and switched to yoga."),
    ("I play tennis every weekend.", "I gave up tennis after my shoulder injury."),
    ("I take vitamin D every morning.", "I stopped taking vitamin D since my levels are normal."),
    ("User takes sugar in their tea.", "The user stopped taking sugar in tea."),
    ("The user takes metformin for type 2 diabetes.", "The user is off metformin now; diet alone controls it."),
    ("The user has a gym class at 6 pm on Wednesdays.", "The user dropped the Wednesday gym class."),
    ("I work as a nurse.", "I stopped working as a nurse last year and now teach nursing students."),
    ("I work at Stripe.", "I left Stripe and joined Plaid as of this month."),
    ("The user works for Siemens Healthineers.", "The user no longer works at Siemens Healthineers."),
    ("I'm part of the data platform squad.", "I'm not part of the data platform squad anymore."),
])
def test_an_ending_of_the_stored_thing_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    # someone else's ending
    ("The user subscribes to Netflix.", "The user's sister cancelled Netflix."),
    ("I have a parrot.", "My neighbour rehomed his parrot."),
    ("I play tennis every weekend.", "My son gave up tennis."),
    # a plan, a question, a hypothetical, a wish
    ("The user subscribes to Netflix.", "The user wants to cancel Netflix."),
    ("The user subscribes to Netflix.", "The user is thinking of cancelling Netflix."),
    ("I ride a Vespa to work.", "Should I sell the Vespa?"),
    ("I do CrossFit.", "If I quit CrossFit I would lose my friends there."),
    # a passing stop, or one undone
    ("I drink coffee.", "I gave up coffee after 2pm."),
    ("I drink coffee.", "I quit coffee - for like 2 days"),
    ("User drives a Toyota Corolla.", "I sold my Corolla; the buyer backed out"),
    ("I do CrossFit.", "I quit CrossFit for a month, then went back."),
    ("I take vitamin D every morning.", "I stopped taking vitamin D while on antibiotics."),
    # leaving a place for the day, another thing of the same kind, a narrower or wider one
    ("User works at Heathrow", "User left Heathrow yesterday"),
    ("User works at Kaiser", "User left Kaiser and joined Kaiser Permanente"),
    ("User drinks oat milk.", "User gave up milk last year."),
    ("I have a gym class at 6 pm on Mondays.", "I dropped the Wednesday gym class."),
    # a taste, a home, a job quit as a product, history before the stored fact
    ("I love horror movies.", "I gave up horror movies."),
    ("User drives for Uber.", "User quit Uber."),
    ("I live in Austin.", "I left Austin this morning."),
    ("I work at Stripe.", "I left Stripe in 2015 and came back."),
    # a quote
    ("The user subscribes to Netflix.", 'The user texted "I cancelled Netflix" to her friend.'),
])
def test_ending_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- the same, said of a thing, a tool, a slot's role, or a home of the past -----------------------


@pytest.mark.parametrize("existing,incoming", [
    ("I'm in a book club that meets monthly.", "I left the book club."),
    ("I'm taking Japanese classes twice a week.", "I stopped the Japanese classes."),
    ("I'm enrolled in the data science bootcamp at Le Wagon.", "I dropped out of the Le Wagon bootcamp."),
    ("Our app is hosted on Heroku.", "We moved the app off Heroku to Fly.io."),
    ("Our org is on GitHub Team.", "We upgraded our org from GitHub Team to Enterprise."),
    ("Our search uses Elasticsearch.",
     "Search was switched from Elasticsearch to OpenSearch after the license change."),
    ("Alerts are sent to ops-alerts@kestrel.dev.", "Turns out ops-alerts@kestrel.dev was decommissioned; alerts go "
                                                   "to oncall@kestrel.dev now."),
    ("The user's side project uses MongoDB.", "The user replaced MongoDB with SQLite in the side project."),
    ("User's daily driver is a ThinkPad running Arch.", "The user replaced the ThinkPad with a MacBook Air M3 as her "
                                                        "daily driver."),
    ("The user's editor is Sublime Text.", "The user has switched to Zed as her main editor."),
    ("We track tasks in Jira.", "We migrated from Jira to Linear."),
    ("The user shoots photos on a Nikon D750.", "The user switched from the Nikon D750 to a Fujifilm X-T5."),
    ("I live in Cleveland.", "I used to live in Cleveland."),
    ("I live in Austin, Texas.", "I used to live in Austin, but I moved to Denver last week."),
])
def test_a_change_of_a_thing_a_tool_a_role_or_a_home_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    # another holder, or a part of the stored thing
    ("I'm enrolled in the data science bootcamp at Le Wagon.", "My friend dropped out of the Le Wagon bootcamp."),
    ("Our app is hosted on Heroku.", "We moved the staging app off Heroku to Fly.io."),
    ("Our search uses Elasticsearch.", "Logging was switched from Elasticsearch to Loki."),
    ("We track tasks in Jira.", "We migrated the bug tracker from Jira to Linear."),
    ("We track tasks in Jira.", "Our design team migrated from Jira to Linear."),
    ("The user's side project uses MongoDB.", "The user replaced MongoDB with SQLite in the work project."),
    # a second role, a narrower scope
    ("The user's editor is Sublime Text.", "The user switched to Zed as her backup editor."),
    ("The user's editor is Sublime Text.", "The user switched to Zed as her main editor for Rust."),
    ("The user's editor is Sublime Text.", "The user is thinking of switching to Zed as her main editor."),
    # the stored fact is the past, or the home a story of the past
    ("User grew up in Denver.", "The user moved from Denver to Austin last month."),
    ("User went to college in Boston.", "The user moved from Boston to Seattle."),
    ("I live in Cleveland.", "I used to live in Cleveland as a kid."),
    ("I live in Austin.", "I used to live in Austin, then moved back."),
    ("I live in Austin.", "My sister used to live in Austin."),
    ("I live in Austin.", "I used to live in Austin when I was in college."),
    ("I take Japanese classes twice a week.", "I stopped the Japanese classes for the summer."),
])
def test_change_of_a_thing_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- a new thing in a slot that holds one (lifecycle) ---------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("The user is single.", "The user has started dating someone named Andre."),
    ("I'm single.", "I started dating Sam."),
    ("The user is unemployed and job hunting.", "The user started a new job at Zendesk on Monday."),
    ("The user is unemployed.", "The user has started a new job."),
])
def test_a_new_partner_or_job_ends_single_or_unemployed(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The user is single.", "The user's sister started dating someone named Andre."),
    ("The user is single.", "The user started dating again."),
    ("The user is single.", "The user started dating apps."),
    ("The user is single.", "The user might start dating Andre."),
    ("The user is single.", "The user started dating someone named Andre but it ended."),
    ("The user is single.", "Did the user start dating Andre?"),
    ("The user is unemployed.", "The user started a new job search."),
    ("The user is unemployed.", "The user's husband started a new job at Zendesk."),
    ("The user is unemployed.", "The user started a new job at Zendesk in 2019."),
    ("The user is unemployed.", "The user is thinking of starting a new job at Zendesk."),
])
def test_new_partner_or_job_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- the stored sentence said again with another value "instead of" the stored one (frames) ---------


@pytest.mark.parametrize("existing,incoming", [
    ("I write my scripts in Bash.", "I write my scripts in Python instead of Bash these days."),
    ("I use VS Code.", "I use Vim instead of VS Code now."),
])
def test_a_value_said_instead_of_the_stored_one_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I use VS Code.", "I use Vim instead of VS Code for Rust."),  # a scope after
    ("The user uses Chrome.", "The user uses Firefox at work instead of Chrome."),  # a scope before
    ("User drinks coffee.", "User drinks tea in the evening instead of coffee."),
    ("The service runs on Kubernetes.", "The service runs on Docker Compose locally instead of Kubernetes."),
    ("I use VS Code.", "My wife uses Vim instead of VS Code."),  # someone else
    ("I write my scripts in Bash.", "For this project I write my scripts in Python instead of Bash."),
    ("I use VS Code.", "Sometimes I use Vim instead of VS Code."),  # a habit beside
    ("I use VS Code.", "I might use Vim instead of VS Code."),  # a plan
    ("I use VS Code.", "Should I use Vim instead of VS Code?"),  # a question
    ("The user uses a standing desk.",
     "The user is working from a hotel room. The user uses the dining table instead of a standing desk."),
    ("The user played soccer.", "The user played hockey in high school instead of soccer."),
])
def test_instead_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- an upgrade's time, a trade left, the person in a role gone, a layoff's occasion ---------------


@pytest.mark.parametrize("existing,incoming", [
    ("I'm on Windows 10.", "I upgraded to Windows 11 over the weekend."),
    ("User works as an accountant.", "User is no longer an accountant; she retrained as a UX designer."),
    ("The user is the CTO of Lumen Robotics.",
     "The user stepped down as CTO of Lumen Robotics and is now an advisor there."),
    ("I see Dr. Patel for primary care.", "I switched primary care doctors from Dr. Patel to Dr. Ng."),
    ("My manager is Lena Fischer.", "Lena left, so I report to Marcus Boateng now."),
    ("My skip-level manager is Ana Ruiz.", "Ana Ruiz retired, and my skip-level is now Kevin O'Brien."),
    ("User is employed at Shopify.", "User was laid off from Shopify in the latest round of cuts."),
])
def test_upgrades_trades_roles_and_layoffs_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I'm on Windows 10.", "I upgraded to Windows 11 on my gaming PC."),  # another machine
    ("I'm on Windows 10.", "I will upgrade to Windows 11 over the weekend."),  # a plan
    ("I work as a nurse.", "My sister is no longer a nurse."),  # someone else
    ("I work as a nurse.", "I am no longer a nurse at St Mary's."),  # one place of several
    ("I work at Acme.", "I am no longer an intern."),  # not the stored value
    ("The user is the CTO of Lumen Robotics.", "The user stepped down as CTO of Orbit Labs."),
    ("I see Dr. Patel for primary care.", "I switched my son's doctors from Dr. Patel to Dr. Ng."),
    ("My manager is Lena Fischer.", "Lena left early, so I report to Marcus today."),  # for the day
    ("My manager is Lena Fischer.", "Lena left, so my mentor is now Kim Lee."),  # another role
    ("My manager is Lena Fischer.", "Priya left, so I'm covering her accounts now."),  # another person
    ("My manager is Lena Fischer.", "Lena left."),  # nobody holds it now: left for the day?
    ("User is employed at Shopify.", "User was laid off from Shopify in 2015."),  # biography
    ("User is employed at Shopify.", "User's brother was laid off from Shopify in the latest round of cuts."),
])
def test_upgrade_trade_role_and_layoff_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- a learning given up, a practice with its spec, lessons stopped --------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User is learning Rust.", "The user gave up on learning Rust for now."),
    ("I'm doing intermittent fasting, 16:8.", "I gave up intermittent fasting, it messed with my sleep."),
    ("The user is learning guitar.", "The user stopped guitar lessons and sold the guitar."),
])
def test_a_learning_or_practice_given_up_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User is learning Rust.", "The user gave up on learning Rust for a month."),
    ("The user is learning guitar.", "The user stopped guitar lessons but still plays."),
    ("The user is learning guitar.", "The user's son stopped guitar lessons."),
    ("The user is learning guitar.", "The user stopped piano lessons."),
    ("The user is learning guitar.", "The user stopped guitar lessons and bought a new guitar."),
    ("I'm doing intermittent fasting, 16:8.", "I gave up intermittent fasting for the holidays."),
])
def test_learning_and_practice_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- news before the change, a named child's, a group left by its name ----------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("We rent an apartment in Brooklyn.", "We bought a house in Montclair and left the Brooklyn apartment."),
    ("Our daughter Lily plays soccer.", "Lily quit soccer and took up swimming."),
    ("I'm part of the data platform squad.", "I'm not in data platform anymore, I joined the ML infra squad."),
])
def test_news_first_a_named_child_and_a_group_left_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("We rent an apartment in Brooklyn.", "We rented a car for the week and left the Brooklyn apartment."),
    ("I drive a Honda Civic.", "I bought a second Civic and sold the Civic."),
    ("Our daughter Lily plays soccer.", "Emma quit soccer and took up swimming."),  # another child
    ("Our daughter Lily plays soccer.", "Lily quit soccer for the winter."),
    ("Our daughter Lily plays soccer.", "Lily might quit soccer."),
    ("I'm part of the data platform squad.", "I'm not in data platform today, I'm at the offsite."),
    ("I'm part of the data platform squad.", "I'm not in the ML infra squad anymore."),  # another squad
])
def test_news_first_named_child_and_group_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)

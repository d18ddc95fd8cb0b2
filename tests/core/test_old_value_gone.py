"""The stored name declared gone beside its new state (`updates.old_value_gone`)."""

import pytest

from festinger.core.contradiction.updates.old_value_gone import by_old_value_gone

GONE = [
    ("CI: Travis", "travis is dead to us, everything runs on github actions now"),
    ("Main DB: MySQL 5.7", "migrated to postgres 15 over the weekend, mysql is decommissioned"),
    ("Frontend: Create React App", "ported the frontend to vite, CRA is gone"),
    ("Editor: VS Code", "I've been on neovim full time for a month now, vscode uninstalled"),
    ("Gym: PureGym", "no more puregym, I've joined the leisure centre"),
    ("Bank: Barclays", "moved everything to Monzo, closed barclays"),
    ("Database: MongoDB", "We moved to Postgres, the Mongo cluster has been shut down."),
    ("Router: Netgear Nighthawk", "the nighthawk died, we got an eero now"),
    ("Main client: Globex", "The Globex contract ended in March; my main client is Initech now."),
    ("Issue tracker: Jira", "jira was killed off last month, we live in Linear now"),
    ("VPN: NordVPN", "stopped paying for nordvpn, mullvad from now on"),
    ("Monitoring: Nagios", "nagios is phased out, prometheus does the alerting now"),
]

STANDS = [
    ("Team chat: Slack", "Is Slack gone? everyone's on Teams now"),                      # a question
    ("Team chat: Slack", "If Slack is gone next year we'd move to Teams"),               # a condition
    ("Team chat: Slack", "Anna's Slack account is deleted, she's on Teams now"),         # someone else's
    ("Team chat: Slack", "The Slack huddle feature is gone, we use Zoom for calls now"), # a part of it
    ("Team chat: Slack", "Slack was gone for an hour this morning, back now"),           # an outage
    ("Phone: Pixel 7", "the Pixel 6 is sold, using the Pixel 7 now"),                    # two of a kind
    ("Phone: Pixel 7", "The Pixel box is gone, recycled it now"),                        # the packaging
    ("CI: Travis", "Travis is dead to us on the mobile repo, GitHub Actions runs those now"),  # scoped
    ("CI: Travis", "Travis is gone lol jk, still on it"),                                # a joke
    ("Streaming: Netflix", "cancelled netflix for a month, we watch Disney+ now"),       # a pause
    ("Streaming: Netflix", "Netflix cancelled my favourite show, watching reruns now"),  # Netflix acted
    ("E-reader: Kindle Paperwhite", "I uninstalled Kindle, I read in Apple Books on the iPad now."),  # the app
    ("I have Xbox Game Pass.", "Sold the Xbox One, the Series X replaced it."),          # the console
    ("Router: Netgear Nighthawk", "the old nighthawk died, the new Nighthawk works great now"),
    ("Anna uses Zoom for standups.", "We dropped Zoom, standup is on Meet now."),         # Anna's
    ("Our app uses Redis for caching.", "We dropped Redis and use Memcached for sessions now."),  # another use
    ("Standup is on Zoom.", "Dropped Zoom and Meet, standup is in person now."),         # one of a list
    ("Issue tracker: Jira", "Jira killed off the old board view, using timeline now"),   # Jira acted
    ("Team chat: Slack", "quit slack for the weekend, back on monday"),                  # a pause
]


@pytest.mark.parametrize(("existing", "incoming"), GONE)
def test_a_stored_name_declared_gone_beside_the_new_state_is_replaced(existing: str, incoming: str) -> None:
    assert by_old_value_gone(existing, incoming) is not None


@pytest.mark.parametrize(("existing", "incoming"), STANDS)
def test_what_only_looks_like_the_stored_name_gone_leaves_it_standing(existing: str, incoming: str) -> None:
    assert by_old_value_gone(existing, incoming) is None


def test_an_ending_that_does_not_last_by_itself_needs_the_new_state_beside_it() -> None:
    assert by_old_value_gone("Streaming: Netflix", "cancelled netflix") is None
    assert by_old_value_gone("Streaming: Netflix", "cancelled netflix, we watch Disney+ now") is not None

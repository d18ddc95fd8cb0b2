"""The means a "by" frame names: how one travels or pays (data only).

"commutes by train" names a means of transport and "pays by card" a means of payment, each one at a
time; "by 7am", "by the lake", "by the month" name a deadline, a place or a basis, another slot of
the same verb (the twenty-seventh attack). Only a value from the frame's own list is read.
"""

from __future__ import annotations

__all__ = ["PAYMENT_MEANS", "TRANSPORT_MEANS"]

TRANSPORT_MEANS = frozenset(
    "car bike bicycle e-bike ebike motorbike motorcycle scooter moped train bus tram subway metro underground tube "
    "rail ferry boat plane air foot taxi cab carpool coach van truck skateboard".split()
    # carriers said as a means ("goes by Amtrak" is how one travels, never a name one goes by)
    + "uber lyft amtrak greyhound megabus flixbus eurostar caltrain bart citibike lime bird".split()
    + ["electric bike", "electric scooter", "light rail", "public transport", "public transit"])
PAYMENT_MEANS = frozenset(
    "card cash check cheque paypal venmo zelle transfer wire invoice crypto bitcoin".split()
    + ["credit card", "debit card", "direct deposit", "bank transfer", "wire transfer", "apple pay", "google pay",
       "direct debit", "standing order", "money order"])

# Hi Fisch!, 4 players, generated (random shuffle, seed 20762): the cards run out mid-round (clarification 2); scores [13, 2, 16, 5], winner [3]
fishtable 1
game hifisch
players 4
start 1
fish 9
fish 17 shell
fish 11
fish 27
shark shell
fish 17
fish 20
fish 24
fish 22
fish 14
fish 3
shark
fish 15 shell
fish 1
fish 19
fish 17
fish 21
fish 8
fish 28
fish 2
fish 4
fish 13 shell
fish 1
fish 25 shell
fish 16
fish 18
fish 2
fish 16
fish 4
fish 29 shell
fish 13
shark shell
fish 11
fish 20
fish 9
fish 5
fish 16
fish 26
fish 23 shell
fish 5
fish 10 shell
fish 3
fish 6
fish 3
fish 16
shark
fish 1
fish 8
fish 7 shell
fish 1
fish 18
fish 2
fish 4
fish 2
fish 5
fish 1
shark
fish 7
fish 3
shark
shark
fish 12

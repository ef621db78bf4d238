# Hi Fisch!, 3 players, generated (random shuffle, seed 5): a tie on points broken by the highest numberfish; scores [11, 9, 11], winner [3]
fishtable 1
game hifisch
players 3
start 3
fish 17
shark shell
shark
fish 4
fish 9
fish 19
fish 10
fish 23 shell
fish 22 shell
fish 1
fish 10
fish 16
fish 7
fish 18 shell
shark shell
fish 6
fish 28
fish 7
fish 8 shell
fish 1
fish 13
fish 11
fish 20
fish 14
fish 11
fish 15
fish 29
fish 1
fish 26
fish 12 shell
fish 19
fish 3
fish 11
fish 1
fish 25
fish 3
fish 10
fish 12
fish 11
fish 27
fish 3
shark
fish 5 shell
fish 24 shell
shark
fish 21 shell
shark
shark
fish 2

# Hi Fisch!, 2 players, generated (random shuffle, seed 13): a round where the sharks eat every fish; scores [20, 7], winner [1]
fishtable 1
game hifisch
players 2
start 2
fish 19
fish 15 shell
fish 16
fish 9 shell
fish 14
fish 2
fish 6
fish 28
fish 1
shark shell
fish 4
shark
shark
shark
fish 7
fish 17
fish 23
fish 27
shark
fish 21
fish 6
fish 18
fish 24
fish 8
fish 26
fish 9
fish 14
fish 11 shell
fish 22 shell
fish 18
fish 29 shell
fish 12
shark shell
fish 14
fish 11
fish 13 shell
fish 21
fish 6
fish 6
shark
fish 5 shell
fish 12
fish 20
fish 2
fish 13
fish 25 shell
fish 5
fish 5
fish 9
fish 13
fish 10

# Yo Fish!, 4 players, advanced game with hidden-card bonuses (generated)
fishtable 1
game yofish
players 4
start 1
option advanced
place 6 0
cover 12 11
place 4 2
place 11 0
cover 12 11
cover 11 9
place 8 2
place 1 0
place 6 1
place 9 0
place 4 0
place 6 0
place 9 1
cover 12 11
cover 12 8
cover 11 6
place 8 0
cover 11 7
cover 12 4
place 8 2
place 6 3
cover 11 8
place 9 3
place 11 0
cover 8 3
cover 11 8
place 12 2
place 9 3
cover 10 7
cover 11 8
cover 11 10
cover 12 6
place 4 3
place 10 3
place 10 0
cover 11 2
place 5 0
cover 8 1
cover 2 1
place 3 0
hidden 1 0
hidden 2 0
hidden 3 0
hidden 4 0

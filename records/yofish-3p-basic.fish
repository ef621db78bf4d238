# Yo Fish!, 3 players, basic game (generated, values 1-12)
fishtable 1
game yofish
players 3
start 1
place 2 1
place 8 1
cover 6 4
place 7 1
cover 9 1
place 4 2
cover 7 6
place 11 2
place 7 3
place 7 3
place 4 1
cover 10 9
place 11 0
cover 6 5
place 9 3
place 11 3
cover 8 2
cover 11 9
place 11 0
place 10 1
cover 11 9
place 1 1
place 7 1
cover 11 6
cover 12 11
place 11 2
place 3 2
cover 10 6
cover 9 8
place 10 2
place 11 0
place 4 0
cover 12 9
place 9 1
cover 12 10
place 5 3
place 12 0
place 12 2
cover 12 9

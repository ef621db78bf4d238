# Hecht im Karpfenteich, 5 players, option chips (generated: random legal play, seed 509)
fishtable 1
game hecht
players 5
start 4
option chips snail skip wave carp pike snail
# round 1
action skip
action pike
end
action snail
graze
end
action pike
end
action wave
end
action wave
end
action wave
end
action wave
end
action snail
graze
end
action pike
end
action snail
end
graze
action snail
end
action skip
action carp 1
graze
end
action snail
graze
emigrate
end
action snail
graze
end
action carp
end
action carp
end
action skip
action carp 3
eat
end
action pike
eat sated
eat sated
end
action snail
end
graze
action pike
end
action wave
end
emigrate sated
action snail
graze
end
action carp
end
action skip
action snail
graze
end
action snail
graze
end
action skip
# round 2
action pike 4+4
end
action snail
end
action carp 3
eat
graze
eat
end
eat
action wave
end
action pike 1+1
end
action snail
graze
end
action carp 3
eat sated
end
eat sated
eat
action pike 2+1
end
action carp
end
action wave
end
action wave
end
action pike 1+5
end
action snail
graze
end
action snail
end
action snail
graze
end
action carp 2
eat
graze
eat
end
action snail
end
graze
action snail
graze
end
action pike
end
# over: scores 6 3 2 4 3, winner 1

# Hecht im Karpfenteich, 2 players, default chips (generated: random legal play, seed 200)
fishtable 1
game hecht
players 2
start 1
# round 1
action pike
end
action carp
end
action skip
action skip
action carp
end
action pike
end
action wave
end
action wave
end
action snail
graze
end
action wave
end
action wave
end
action snail
end
# round 2
graze
action pike
end
action snail
end
graze
action carp 4
eat sated
eat
end
eat
action pike 1+2
end
action skip
action skip
action snail
graze
end
action wave
end
action wave
end
action wave
end
action wave
end
action carp
end
# round 3
action snail
graze
end
action carp 2
eat
eat
end
action skip
action pike 1+2
end
action pike
emigrate
end
action wave
end
action carp
end
action skip
action wave
end
action snail
graze
end
action wave
end
action wave
end
# round 4
action wave
end
action pike
end
action carp
end
action carp
end
action skip
action snail
graze
end
action wave
end
action skip
action snail
end
action wave
graze
end
action pike
end
# over: scores 4 4, winner 2

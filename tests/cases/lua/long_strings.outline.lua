local text = [==[
function fake() end
]]
end
]==]

--[[ a block comment ]]
local function parse(s)
  -- ...
end

local function early(x)
  -- ...
end

local function empty() end

local t = {
  name = "t",
  run = function(self, n)
    -- ...
  end,
  step = function(self, i) print(i) end,
}

local function header_comment(a) -- why
  -- ...
end

return { parse = parse, t = t, make = function() -- ...
end }

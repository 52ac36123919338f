local text = [==[
function fake() end
]]
end
]==]

--[==[
function commented_out()
end
]==]

--[[ a block comment
  spanning lines ]]
local function parse(s)
  -- ... L15-17
end

local function early(x)
  -- ... L21-23
end

local function empty() end

local t = {
  name = "t",
  run = function(self, n)
    -- ... L31-33
  end,
  step = function(self, i) print(i) end,
}

local function header_comment(a) -- why
  -- ... L39-40
end

return { parse = parse, t = t, make = function() return {} end }

namespace DocStore.Sql.Bound.Dates;

/// <summary>
/// SQLite's date and time functions: date, time, datetime, julianday, unixepoch (a time value, then
/// modifiers) and strftime (a format first). A time value or modifier that reads as nothing gives NULL, as
/// in SQLite; an unknown modifier or format substitution is an error naming it. Literal modifiers and
/// formats are parsed once, when the statement is bound.
/// </summary>
internal sealed class DateFunctionExpr : BoundExpr
{
    /// <summary>The functions with their fewest and most arguments.</summary>
    public static readonly Dictionary<string, (int Min, int Max)> Arities = new(StringComparer.OrdinalIgnoreCase)
    {
        ["DATE"] = (0, int.MaxValue),
        ["TIME"] = (0, int.MaxValue),
        ["DATETIME"] = (0, int.MaxValue),
        ["JULIANDAY"] = (0, int.MaxValue),
        ["UNIXEPOCH"] = (0, int.MaxValue),
        ["STRFTIME"] = (1, int.MaxValue),
    };

    private readonly DateModifier?[] _modifiers;
    private readonly int _first;

    /// <param name="name">The upper-case name.</param>
    /// <param name="arguments">The bound arguments.</param>
    /// <param name="modifiers">The modifiers parsed from literal arguments (null where an argument is not a literal), one per argument after the time value.</param>
    public DateFunctionExpr(string name, BoundExpr[] arguments, DateModifier?[] modifiers)
    {
        Name = name;
        Arguments = arguments;
        _modifiers = modifiers;
        _first = name == "STRFTIME" ? 1 : 0;
    }

    public string Name { get; }

    public BoundExpr[] Arguments { get; }

    public override IEnumerable<BoundExpr> Children => Arguments;

    /// <summary>The index of the first modifier argument for <paramref name="name"/>.</summary>
    public static int FirstModifier(string name) => name == "STRFTIME" ? 2 : 1;

    public override SqlValue Eval(RowContext row)
    {
        var clock = row.Clock;
        string? format = null;
        if (_first == 1)
        {
            var formatValue = Arguments[0].Eval(row);
            if (formatValue.IsNull)
            {
                return SqlValue.Null;
            }

            format = Arithmetic.AsText(formatValue);
            if (Arguments[0] is not LiteralExpr && DateFormat.UnknownSpecifier(format) is { } unknown)
            {
                throw SqlErrors.NotSupported(UnknownSpecifierMessage(unknown, Text));
            }
        }

        JulianTime time;
        if (Arguments.Length > _first)
        {
            var value = Arguments[_first].Eval(row);
            if (!TimeValues.TryRead(value, clock, out time))
            {
                return SqlValue.Null;
            }
        }
        else
        {
            time = new JulianTime(clock.Now) { IsUtc = true };
        }

        for (var i = _first + 1; i < Arguments.Length; i++)
        {
            var modifier = _modifiers[i - _first - 1];
            if (modifier is null)
            {
                var text = Arguments[i].Eval(row);
                if (text.IsNull)
                {
                    return SqlValue.Null;
                }

                modifier = DateModifier.Parse(Arithmetic.AsText(text), out var error) ?? throw SqlErrors.NotSupported($"{error} (in {Text}).");
            }

            if (!modifier.Apply(ref time, i == _first + 1, clock))
            {
                return SqlValue.Null;
            }
        }

        if (!time.InRange)
        {
            return SqlValue.Null;
        }

        return Name switch
        {
            "DATE" => SqlValue.FromString(DateFormat.Date(time)),
            "TIME" => SqlValue.FromString(DateFormat.Time(time)),
            "DATETIME" => SqlValue.FromString(DateFormat.DateTime(time)),
            "JULIANDAY" => SqlValue.FromDouble(time.JulianDay),
            "UNIXEPOCH" => DateFormat.UnixEpoch(time),
            _ => SqlValue.FromString(DateFormat.Strftime(format!, time)),
        };
    }

    /// <summary>The error for a format substitution this engine does not know.</summary>
    public static string UnknownSpecifierMessage(string specifier, string call) =>
        $"The strftime format substitution '{specifier}' is not supported (in {call}; supported: {DateFormat.Specifiers})";
}

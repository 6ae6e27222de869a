namespace DocStore.Linq.Translation;

/// <summary>Where one SQL parameter's value comes from, per execution.</summary>
internal enum ParameterKind
{
    /// <summary>A captured value as it is.</summary>
    Value,

    /// <summary>One item of a captured list (an IN list).</summary>
    Item,

    /// <summary>The rows skipped, from the Skip and Take steps.</summary>
    Offset,

    /// <summary>The rows taken, from the Skip and Take steps and the single-result operator.</summary>
    Limit,
}

/// <summary>One SQL parameter: its kind, the captured value it reads and, for a list, the item.</summary>
internal readonly record struct ParameterSource(ParameterKind Kind, int Value, int Item, string Name);

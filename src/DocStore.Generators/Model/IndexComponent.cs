namespace DocStore.Generators.Model;

/// <summary>One path of an index (composite indexes have several).</summary>
/// <param name="Path">The path as written (<c>Address.City</c>, <c>Tags[]</c>).</param>
/// <param name="Name">The path's member names joined (<c>AddressCity</c>).</param>
/// <param name="Steps">The resolved steps.</param>
/// <param name="ValueType">The shape of the indexed scalar value (the element type for multikey paths).</param>
internal sealed record IndexComponent(string Path, string Name, EquatableArray<PathStep> Steps, TypeShape ValueType)
{
    /// <summary>True when one document yields one key per element.</summary>
    public bool IsMultikey
    {
        get
        {
            foreach (PathStep step in Steps)
            {
                if (step.Expand)
                {
                    return true;
                }
            }

            return false;
        }
    }
}

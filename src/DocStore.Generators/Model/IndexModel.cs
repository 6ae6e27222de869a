namespace DocStore.Generators.Model;

/// <summary>A declared index.</summary>
/// <param name="Name">The index name, used in method names (<c>FindBy{Name}</c>).</param>
/// <param name="Unique">True for unique indexes.</param>
/// <param name="Components">The indexed paths in key order.</param>
/// <param name="PrefixNames">For composite indexes: the names of the prefix query methods to emit (shorter first).</param>
internal sealed record IndexModel(string Name, bool Unique, EquatableArray<IndexComponent> Components, EquatableArray<string> PrefixNames)
{
    /// <summary>True when some path expands over a sequence.</summary>
    public bool IsMultikey
    {
        get
        {
            foreach (IndexComponent component in Components)
            {
                if (component.IsMultikey)
                {
                    return true;
                }
            }

            return false;
        }
    }
}

// The jar of ../shared/peers/gogui is built without GoGui's message
// bundles; its GUI classes look words up by key. This bundle answers each
// key with itself, so the classes load headless.
package net.sf.gogui.gui;

import java.util.Collections;
import java.util.Enumeration;
import java.util.ResourceBundle;

public class text extends ResourceBundle {
    @Override
    protected Object handleGetObject(String key) {
        return key;
    }

    @Override
    public Enumeration<String> getKeys() {
        return Collections.emptyEnumeration();
    }
}
